-- Secrets the server generates once and keeps (the HMAC key of signed file links). In the
-- database, so every `serve` and `worker` process on it signs and checks links alike.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
