-- Events waiting to be fanned out to webhooks. recordEvent inserts a row in the caller's
-- transaction (and NOTIFYs, which PostgreSQL delivers only on commit); the dispatcher
-- turns rows into pg-boss delivery jobs and deletes them in one transaction, so an event
-- is neither lost nor fanned out twice. `seq` gives the order events were recorded in.
CREATE TABLE webhook_outbox (
  seq bigserial PRIMARY KEY,
  event_id text NOT NULL,
  org_id text NOT NULL,
  live boolean NOT NULL,
  type text NOT NULL,
  order_id text
);
