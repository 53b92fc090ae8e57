-- Reference address points for verification (`postroom data import`). Shared by every
-- organization: reference data, not customer data. Each row is one standardized point;
-- record_hash (md5 of the normalized record) makes re-importing the same file a no-op.
CREATE TABLE address_points (
  record_hash bytea PRIMARY KEY,
  source text NOT NULL,
  source_id text,
  zip text NOT NULL,
  state text NOT NULL,
  city text NOT NULL,
  number text NOT NULL,
  pre_direction text,
  pre_type text,
  street_name text NOT NULL,
  street_type text,
  post_direction text,
  unit_designator text,
  unit_id text,
  lat double precision NOT NULL,
  lon double precision NOT NULL
);

-- Verification reads a whole ZIP at a time (its block); the ZIP is the only search key.
CREATE INDEX address_points_zip ON address_points (zip);

-- Coverage: which ZIPs have points and the city names they carry, kept by the importer so
-- the server can load it whole without scanning the points.
CREATE TABLE address_point_areas (
  zip text NOT NULL,
  state text NOT NULL,
  city text NOT NULL,
  points bigint NOT NULL,
  PRIMARY KEY (zip, state, city)
);
