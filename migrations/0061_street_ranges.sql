-- Street address ranges from the Census Bureau's TIGER/Line address range features (ADDRFEAT,
-- `postroom data import tl_2024_21111_addrfeat.zip`; docs/verification.md, "Street ranges").
-- Reference data shared by every organization. One row per side of an edge that has a range:
-- the numbers the Census holds possible on that side, its ZIP and parity, and the edge's line
-- (int32 degrees x 1e7, no PostGIS). Verification reads a ZIP's ranges beside its points.
CREATE TABLE street_ranges (
  -- The county of the file (state + county FIPS, from tl_YYYY_SSCCC_addrfeat), '' when the file
  -- name does not say: a Census-named file replaces its county's ranges it no longer has.
  county text NOT NULL,
  -- The edge (TLID), side (L/R) and address range id (ARID), or the numbers and ZIP without one.
  range_key text NOT NULL,
  tlid bigint NOT NULL,
  side text NOT NULL CHECK (side IN ('L', 'R')),
  arid text,
  zip text NOT NULL,
  state text NOT NULL,
  city text NOT NULL,
  pre_direction text,
  pre_type text,
  street_name text NOT NULL,
  street_type text,
  post_direction text,
  -- '' for plain numbers; "101-" for a hyphenated (Queens-style) range, numbered after the hyphen.
  hn_prefix text NOT NULL,
  from_hn integer NOT NULL,
  to_hn integer NOT NULL,
  parity text NOT NULL CHECK (parity IN ('E', 'O', 'B')),
  offset_flag boolean NOT NULL,
  plus4 text,
  -- [x0, y0, x1, y1, ...] little-endian int32, from the edge's start.
  line bytea NOT NULL,
  vintage text NOT NULL,
  PRIMARY KEY (county, range_key)
);
-- Verification reads whole ZIPs; autocomplete reads a street's ranges holding a typed number.
CREATE INDEX street_ranges_zip ON street_ranges (zip);
CREATE INDEX street_ranges_street
  ON street_ranges ((street_name COLLATE "C"), hn_prefix, least(from_hn, to_hn));

-- Alternate names of address ranges (ADDRFN: ARID -> LINEARID, with FEATNAMES: LINEARID ->
-- FULLNAME), standardized; read with the ranges of the same ARID.
CREATE TABLE street_range_names (
  arid text NOT NULL,
  county text NOT NULL,
  name_key text NOT NULL,
  pre_direction text,
  pre_type text,
  street_name text NOT NULL,
  street_type text,
  post_direction text,
  PRIMARY KEY (arid, name_key)
);
CREATE INDEX street_range_names_county ON street_range_names (county);

-- Coverage by ranges: the ZIPs with ranges, kept by the importer (the server loads it whole).
CREATE TABLE street_range_areas (
  zip text PRIMARY KEY,
  state text NOT NULL,
  city text NOT NULL,
  ranges bigint NOT NULL
);

-- Distinct primary street names of the ranges with their counts (autocomplete's name index).
CREATE TABLE street_range_street_names (
  name text PRIMARY KEY,
  ranges bigint NOT NULL
);

-- Moves when an import changed a range or an alternate name, so servers reload their caches.
CREATE TABLE street_range_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  version bigint NOT NULL
);
INSERT INTO street_range_version VALUES (true, 0);

-- Ranges read by an import that has not finished: kept across an interruption (a re-run of the
-- same unchanged file resumes after them) and moved into street_ranges in one transaction at the
-- end, so a verification never sees half a file.
CREATE TABLE street_range_staging (
  run_id bigint NOT NULL,
  seq bigint NOT NULL,
  county text NOT NULL,
  range_key text NOT NULL,
  tlid bigint NOT NULL,
  side text NOT NULL,
  arid text,
  zip text NOT NULL,
  state text NOT NULL,
  city text NOT NULL,
  pre_direction text,
  pre_type text,
  street_name text NOT NULL,
  street_type text,
  post_direction text,
  hn_prefix text NOT NULL,
  from_hn integer NOT NULL,
  to_hn integer NOT NULL,
  parity text NOT NULL,
  offset_flag boolean NOT NULL,
  plus4 text,
  line bytea NOT NULL,
  vintage text NOT NULL
);
CREATE INDEX street_range_staging_run ON street_range_staging (run_id);
