-- Organizations, API keys, idempotency records and the per-resource row counters.
-- Every resource row carries org_id and live; every query filters on both.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  country_code text NOT NULL DEFAULT 'US',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored only as SHA-256 hashes (they are 192-bit random, so a fast hash is enough);
-- `hint` keeps the prefix and last four characters so operators can tell keys apart.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  product text NOT NULL CHECK (product IN ('print-mail', 'addver')),
  kind text NOT NULL CHECK (kind IN ('secret', 'public')),
  hash bytea NOT NULL UNIQUE,
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_org ON api_keys (org_id);

-- A create with an Idempotency-Key inserts its row first, in the same transaction as the
-- resource: a concurrent duplicate blocks on the primary key and then replays the response.
CREATE TABLE idempotency_keys (
  org_id text NOT NULL,
  live boolean NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status_code int NOT NULL DEFAULT 0,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, live, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);

-- Exact totalCount for unfiltered lists without scanning millions of rows: triggers keep
-- per-(org, mode, table) counts split over 16 stripes so concurrent creates rarely contend.
CREATE TABLE resource_counts (
  org_id text NOT NULL,
  live boolean NOT NULL,
  resource text NOT NULL,
  stripe smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (org_id, live, resource, stripe)
);

CREATE FUNCTION count_resource_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  delta int;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; delta := 1; ELSE r := OLD; delta := -1; END IF;
  INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
  VALUES (r.org_id, r.live, TG_TABLE_NAME, floor(random() * 16)::smallint, delta)
  ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
