-- Contacts. `doc` is the resource exactly as the API returns it; `content_hash` identifies
-- identical contacts (an identical create returns the existing one); `search_text` feeds the
-- trigram index behind free-text search.
CREATE TABLE contacts (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  content_hash text NOT NULL,
  doc jsonb NOT NULL,
  search_text text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX contacts_content ON contacts (org_id, live, content_hash);
CREATE INDEX contacts_recent ON contacts (org_id, live, created_at DESC, id DESC);
CREATE INDEX contacts_doc ON contacts USING gin (doc jsonb_path_ops);
CREATE INDEX contacts_search ON contacts USING gin (search_text gin_trgm_ops);
CREATE TRIGGER contacts_count AFTER INSERT OR DELETE ON contacts
  FOR EACH ROW EXECUTE FUNCTION count_resource_rows();
