-- Template editor sessions: a link (url) that opens Postroom's editor for one template, valid
-- 24 hours. The link's secret token is its credential: kept only as a SHA-256 hash (how the
-- editor finds the session) and sealed with a data key held outside the database (so reads
-- can answer the url); never in `doc`, which reads answer as stored.
SELECT create_document_table('template_editor_sessions');
ALTER TABLE template_editor_sessions
  ADD COLUMN template_id text NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  ADD COLUMN token_hash bytea NOT NULL,
  ADD COLUMN token_sealed jsonb NOT NULL,
  ADD COLUMN expires_at timestamptz NOT NULL;
CREATE UNIQUE INDEX template_editor_sessions_token ON template_editor_sessions (token_hash);
-- The sweep and the lazy removal of expired sessions.
CREATE INDEX template_editor_sessions_expiry ON template_editor_sessions (expires_at);
CREATE INDEX template_editor_sessions_template ON template_editor_sessions (template_id);
