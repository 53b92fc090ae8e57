-- Census TIGER/Line boundaries (`postroom data import tl_2024_21_tract.zip`; docs/verification.md,
-- "Census and legislative geographies"): counties, tracts, blocks, congressional and state
-- legislative districts, CBSAs, CSAs, metropolitan divisions, places. Reference data shared by
-- every organization. No PostGIS: a polygon is a byte string of int32 (degrees x 1e7) with its
-- bbox beside it; the server indexes a group's areas in memory when a point first needs them.
CREATE TABLE census_areas (
  layer text NOT NULL,
  geoid text NOT NULL,
  -- The load unit: state + county for tracts and blocks, the state for counties, districts
  -- and places, the area itself for CBSAs, CSAs and metropolitan divisions.
  grp text NOT NULL,
  code text NOT NULL,
  statefp text,
  countyfp text,
  tractce text,
  lsad text,
  name text,
  -- The release year from the file name (tl_2024_...), '' when the name does not say.
  vintage text NOT NULL,
  min_x integer NOT NULL,
  min_y integer NOT NULL,
  max_x integer NOT NULL,
  max_y integer NOT NULL,
  -- [rings, vertices of each ring, x0, y0, ...] little-endian int32, rings closed.
  geometry bytea NOT NULL,
  PRIMARY KEY (layer, geoid)
);
CREATE INDEX census_areas_group ON census_areas (layer, grp);
CREATE INDEX census_areas_state ON census_areas (layer, statefp);

-- One row per load unit: its bbox, so a server loads the directory (a few thousand rows for the
-- whole country) and reads a group's polygons only when a point falls in its bbox.
CREATE TABLE census_area_groups (
  layer text NOT NULL,
  grp text NOT NULL,
  min_x integer NOT NULL,
  min_y integer NOT NULL,
  max_x integer NOT NULL,
  max_y integer NOT NULL,
  areas integer NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (layer, grp)
);

-- Imported layers; `version` moves when an import changed something, so servers reload.
CREATE TABLE census_layers (
  layer text PRIMARY KEY,
  version bigint NOT NULL,
  areas bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Areas read by an import that has not finished: kept across an interruption (a re-run of the
-- same unchanged file resumes after them) and moved into census_areas in one transaction at
-- the end, so a lookup never sees half a file. `scope` is what the file replaces: its state
-- ('21') or the whole layer ('us') for a file named as the Census names them, none otherwise.
CREATE TABLE census_area_staging (
  run_id bigint NOT NULL,
  seq bigint NOT NULL,
  scope text,
  layer text NOT NULL,
  geoid text NOT NULL,
  grp text NOT NULL,
  code text NOT NULL,
  statefp text,
  countyfp text,
  tractce text,
  lsad text,
  name text,
  vintage text NOT NULL,
  min_x integer NOT NULL,
  min_y integer NOT NULL,
  max_x integer NOT NULL,
  max_y integer NOT NULL,
  geometry bytea NOT NULL
);
CREATE INDEX census_area_staging_run ON census_area_staging (run_id, layer, geoid);
