-- Rate-limit buckets every API server shares, so a key's limit does not multiply with the
-- number of servers (docs/decisions.md, "Rate limits across servers"). A server leases a few
-- tokens at a time (platform/rate-limit.ts), so this row is written once per lease, not once
-- per request. UNLOGGED: no WAL for a counter; after a crash the table is empty and every
-- bucket starts full again, which only forgives a few seconds of traffic.
CREATE UNLOGGED TABLE rate_limit_buckets (
  key_id text PRIMARY KEY,
  tokens double precision NOT NULL,
  at timestamptz NOT NULL
);

-- Refills the key's bucket for the time since it was last touched (PostgreSQL's clock, so the
-- servers' own clocks need not agree), adds back what a lease left unused, and takes up to
-- `want` whole tokens. Returns what was granted and what is left (below 1 when refused).
CREATE FUNCTION take_rate_limit_tokens(
  p_key text, p_want int, p_per_second float8, p_burst float8, p_give_back float8,
  OUT granted int, OUT tokens float8
) LANGUAGE plpgsql AS $$
DECLARE
  level float8;
BEGIN
  INSERT INTO rate_limit_buckets AS b (key_id, tokens, at) VALUES (p_key, p_burst, now())
  ON CONFLICT (key_id) DO UPDATE SET
    tokens = least(p_burst, b.tokens + p_give_back + greatest(0, extract(epoch FROM now() - b.at)) * p_per_second),
    at = now()
  RETURNING b.tokens INTO level;
  granted := greatest(0, least(p_want, floor(level)))::int;
  tokens := level - granted;
  IF granted > 0 THEN
    UPDATE rate_limit_buckets SET tokens = level - granted WHERE key_id = p_key;
  END IF;
END $$;
