-- The retention sweep (jobs/sweep-retention.ts) deletes events and webhook invocations older
-- than their retention across every organization; the existing indexes lead with the
-- organization, so without these each sweep would read the whole table.
CREATE INDEX IF NOT EXISTS events_age ON events (created_at);
CREATE INDEX IF NOT EXISTS webhook_invocations_age ON webhook_invocations (created_at);
