-- International autocomplete (GET /v1/intl_addver/completions) reads a country's points whose
-- street line starts as typed. Points outside the US and Canada keep the street as one name
-- (street_name; no direction or type columns: reference-store/import/place-record.ts), so
-- their street line is street_name and a typed prefix is one byte range (COLLATE "C") of it.
-- Each read walks the range in key order and stops after a fixed number of rows, so a one-
-- letter prefix reads no more than a long one.

-- "Baker" (no number yet): street, then the house numbers in the order previews show them
-- (1, 2, ... 10 before 100), so the first rows of the walk are the first previews. It takes
-- over from 0047's (country, street_name, number), which had the same leading keys.
DROP INDEX IF EXISTS address_points_country_street;
CREATE INDEX IF NOT EXISTS address_points_intl_street_line
  ON address_points (country, (street_name COLLATE "C"), length(number), (number COLLATE "C"))
  WHERE country NOT IN ('US', 'CA');

-- "221B Bak": the number first, then the street's start, as one key (as 0044's
-- address_points_number_street for US points, led here by the country).
CREATE INDEX IF NOT EXISTS address_points_intl_number_street
  ON address_points (country, ((number || ' ' || street_name) COLLATE "C"))
  WHERE country NOT IN ('US', 'CA');
