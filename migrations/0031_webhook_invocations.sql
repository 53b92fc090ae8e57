-- One row per delivery attempt. `doc` is the invocation as the API returns it:
-- {id, object:'webhook_invocation', webhook, event, type, statusCode, orderID?, createdAt}.
-- `error` (timeout, refused address, ...) and `response_excerpt` (first 1 KB of the answer)
-- are kept for operators but are not part of the wire shape.
CREATE TABLE webhook_invocations (
  id text PRIMARY KEY,
  org_id text NOT NULL,
  live boolean NOT NULL,
  webhook_id text NOT NULL,
  event_id text NOT NULL,
  attempt smallint NOT NULL,
  doc jsonb NOT NULL,
  error text,
  response_excerpt text,
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_invocations_by_webhook
  ON webhook_invocations (org_id, live, (doc ->> 'webhook'), created_at DESC, id DESC);
CREATE INDEX webhook_invocations_by_event ON webhook_invocations (event_id);
