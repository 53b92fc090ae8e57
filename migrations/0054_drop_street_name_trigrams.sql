-- The standard autocomplete's typo search runs over the street names held in memory
-- (src/engines/address/complete/street-names.ts); nothing queries this index any more, and
-- every new name an import adds had to update it.
DROP INDEX IF EXISTS address_street_names_trgm;
