-- Autocomplete (GET/POST /v1/addver/completions) over the imported address points.
-- Comparisons use COLLATE "C" so a typed prefix is a byte range the btree walks, whatever
-- the database's collation; queries spell the same expressions and collation.

-- "1920 NEWB": house number and street name as one key, so a number followed by the start
-- of a street is one narrow range scan (1920 NEWBURG, 1920 NEWCUT...) among millions.
CREATE INDEX address_points_number_street
  ON address_points (((number || ' ' || street_name) COLLATE "C"));

-- "Newburg" (no number yet) and the fallback's "this street, numbers starting 19".
CREATE INDEX address_points_street_number
  ON address_points ((street_name COLLATE "C"), (number COLLATE "C"));

-- A filter that leaves few ZIPs (a city, a postal code, a small state) is searched ZIP by
-- ZIP: street name and number within each.
CREATE INDEX address_points_zip_street_number
  ON address_points (zip, (street_name COLLATE "C"), (number COLLATE "C"));

-- One row per distinct street name with its point count: the typo search runs trigram
-- similarity over names (hundreds of thousands) instead of points (tens of millions).
CREATE TABLE address_street_names (
  name text PRIMARY KEY,
  points bigint NOT NULL
);
CREATE INDEX address_street_names_prefix ON address_street_names ((name COLLATE "C"));
-- GIN for `name % $1` (similarity over the default 0.3): over 130k names it answered in
-- 2-5 ms where GiST's nearest-first walk took 20-35 ms.
CREATE INDEX address_street_names_trgm ON address_street_names USING gin (name gin_trgm_ops);

INSERT INTO address_street_names (name, points)
SELECT street_name, count(*) FROM address_points GROUP BY street_name;

-- Kept by the table itself, so every importer (CSV, GeoJSON, NAD...) feeds it. Sorted so two
-- imports touching the same names lock them in the same order. Deleting points leaves their
-- names behind: a name with no points finds nothing, so it is harmless.
CREATE FUNCTION address_street_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO address_street_names AS n (name, points)
  SELECT street_name, count(*) FROM new_points GROUP BY street_name ORDER BY street_name
  ON CONFLICT (name) DO UPDATE SET points = n.points + EXCLUDED.points;
  RETURN NULL;
END $$;

CREATE TRIGGER address_street_names_add AFTER INSERT ON address_points
  REFERENCING NEW TABLE AS new_points FOR EACH STATEMENT EXECUTE FUNCTION address_street_names_add();

CREATE FUNCTION address_street_names_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE address_street_names;
  RETURN NULL;
END $$;

CREATE TRIGGER address_street_names_clear AFTER TRUNCATE ON address_points
  FOR EACH STATEMENT EXECUTE FUNCTION address_street_names_clear();
