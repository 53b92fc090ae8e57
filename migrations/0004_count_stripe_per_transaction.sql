-- One counter stripe per transaction instead of one per row: a transaction that inserts several
-- counted rows (an order with two inline contacts) then locks a single stripe per table, so two
-- concurrent creates cannot lock stripes in opposite orders and deadlock.
CREATE OR REPLACE FUNCTION count_resource_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  delta int;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; delta := 1; ELSE r := OLD; delta := -1; END IF;
  INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
  VALUES (r.org_id, r.live, TG_TABLE_NAME, (txid_current() % 16)::smallint, delta)
  ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
