-- A scan import groups and matches its file by tracking code (tracking/scan-part.repo.ts):
-- under the database's collation each comparison in those sorts goes through strcoll, and the
-- stage's sort of a part's 500,000 scans took 1.0 s of the part's 5–6 s; byte order
-- ("C") took 0.45 s. The codes are digits, so byte order changes no answer. The stage's code
-- columns are "C" too (scan-stage.repo.ts); this column must match them, or a match against
-- it would not use imb_barcodes_tracking (an index is used only under its own collation).
ALTER TABLE imb_barcodes ALTER COLUMN tracking TYPE text COLLATE "C";
