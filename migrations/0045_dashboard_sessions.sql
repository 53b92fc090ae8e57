-- Dashboard sign-in sessions (src/dashboard/session/). The cookie holds a random token; only
-- its SHA-256 is stored, so a database reader cannot sign in as anyone. A session shows one
-- organization in one mode at a time. It lasts while it has not expired and, for a customer,
-- while the key that opened the current mode is not revoked (test_key_id / live_key_id: the
-- mode switch needs a key of that mode). Operator sessions (POSTROOM_OPERATOR_TOKEN) have no
-- key, may pick any organization and mode, and start with org_id null.
CREATE TABLE dashboard_sessions (
  token_hash bytea PRIMARY KEY,
  org_id text REFERENCES organizations (id) ON DELETE CASCADE,
  live boolean NOT NULL DEFAULT false,
  operator boolean NOT NULL DEFAULT false,
  test_key_id text REFERENCES api_keys (id) ON DELETE CASCADE,
  live_key_id text REFERENCES api_keys (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at);
