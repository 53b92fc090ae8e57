-- The counter stripe follows the connection (backend pid), over 64 stripes: each connection
-- runs one transaction at a time, so two concurrent creates share a stripe only when their
-- backends' pids collide mod 64, where a per-transaction pick mod 16 made them wait on each
-- other's stripe row until commit (across the log flush) often enough to show in the letters
-- benchmark. Still one stripe per transaction and table, so no lock-order deadlocks.
CREATE OR REPLACE FUNCTION count_resource_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  delta int;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; delta := 1; ELSE r := OLD; delta := -1; END IF;
  INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
  VALUES (r.org_id, r.live, TG_TABLE_NAME, (pg_backend_pid() % 64)::smallint, delta)
  ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
