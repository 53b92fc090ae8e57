-- Webhooks. `doc` is the webhook exactly as the API returns it (secret included: the
-- hosted service returns it on create and get). Delivery looks subscribers up by
-- (org_id, live) and reads `enabled` and `enabledEvents` from the doc.
CREATE TABLE webhooks (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  doc jsonb NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhooks_recent ON webhooks (org_id, live, created_at DESC, id DESC);
CREATE INDEX webhooks_doc ON webhooks USING gin (doc jsonb_path_ops);
CREATE TRIGGER webhooks_count AFTER INSERT OR DELETE ON webhooks
  FOR EACH ROW EXECUTE FUNCTION count_resource_rows();
