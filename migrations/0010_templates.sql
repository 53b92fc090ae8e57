-- Templates: reusable HTML with {{merge variables}}. Same layout as contacts (doc is the
-- resource exactly as the API returns it; search_text feeds free-text search).
CREATE TABLE templates (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  doc jsonb NOT NULL,
  search_text text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX templates_recent ON templates (org_id, live, created_at DESC, id DESC);
CREATE INDEX templates_doc ON templates USING gin (doc jsonb_path_ops);
CREATE INDEX templates_search ON templates USING gin (search_text gin_trgm_ops);
CREATE TRIGGER templates_count AFTER INSERT OR DELETE ON templates
  FOR EACH ROW EXECUTE FUNCTION count_resource_rows();
