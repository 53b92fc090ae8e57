-- Reference points from any country (`postroom data import` of OpenAddresses files from
-- anywhere): each point and each coverage row says its country (ISO 3166 alpha-2). Points
-- imported before this were US or Canadian, and only Canadian postcodes start with a letter.
-- The constant default keeps the ADD COLUMN instant on a large table and keeps writers that
-- predate the column (benches, hand-written SQL) storing US points as before.
-- IF NOT EXISTS: the international verifier's work may add the same column; either order works.
ALTER TABLE address_points ADD COLUMN IF NOT EXISTS country text NOT NULL DEFAULT 'US';
UPDATE address_points SET country = 'CA' WHERE zip ~ '^[A-Z]' AND country = 'US';

ALTER TABLE address_point_areas ADD COLUMN IF NOT EXISTS country text NOT NULL DEFAULT 'US';
UPDATE address_point_areas SET country = 'CA' WHERE zip ~ '^[A-Z]' AND country = 'US';

-- Verification and autocomplete outside the US and Canada read a country's points by postcode
-- and by street; the existing zip and street indexes lead with keys that country shares with
-- others, so these lead with the country.
CREATE INDEX IF NOT EXISTS address_points_country_zip ON address_points (country, zip)
  WHERE country NOT IN ('US', 'CA');
CREATE INDEX IF NOT EXISTS address_points_country_street
  ON address_points (country, (street_name COLLATE "C"), (number COLLATE "C"))
  WHERE country NOT IN ('US', 'CA');

-- What each import run did: an interrupted run is visible, and a re-run of the same unchanged
-- source resumes after the rows the interrupted one committed (each chunk commits whole).
CREATE TABLE IF NOT EXISTS address_point_imports (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  location text NOT NULL,
  -- Size and modification time (a file) or ETag / Last-Modified / length (a URL): a re-run
  -- skips the rows an interrupted run committed only when this matches.
  fingerprint text,
  format text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  rows_read bigint NOT NULL DEFAULT 0,
  rows_committed bigint NOT NULL DEFAULT 0,
  inserted bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'complete', 'failed')),
  error text
);
CREATE INDEX IF NOT EXISTS address_point_imports_location ON address_point_imports (location, started_at DESC);
