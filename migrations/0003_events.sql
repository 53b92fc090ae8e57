-- Events: one row per order create and per change of a field clients care about.
-- `doc` is the event as the API returns it: {id, object:'event', live, type, data, updatedFields?, createdAt}.
CREATE TABLE events (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  type text NOT NULL,
  doc jsonb NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX events_recent ON events (org_id, live, created_at DESC, id DESC);
CREATE INDEX events_by_type ON events (org_id, live, (doc ->> 'type'), created_at DESC);
CREATE INDEX events_doc ON events USING gin (doc jsonb_path_ops);
CREATE TRIGGER events_count AFTER INSERT OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION count_resource_rows();
