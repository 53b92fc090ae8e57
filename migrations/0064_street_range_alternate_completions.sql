-- Autocomplete reads street ranges under their alternate names too (docs/autocomplete.md, "Street
-- ranges"): it walks the alternate names in name order from what was typed, and from each name
-- to its ranges by ARID (verification reads the other way, a ZIP's ranges to their names).
CREATE INDEX street_range_names_street
  ON street_range_names ((street_name COLLATE "C"), county, arid);
CREATE INDEX street_ranges_arid ON street_ranges (arid, county);
