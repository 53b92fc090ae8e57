-- A scan import in two steps (tracking/scan-import.ts): the whole file is staged in one
-- transaction, into a table of its own (imb_stage_<id>), so a file that cannot be read to its
-- end changes nothing; then it is applied in parts, each its own transaction, so two backends
-- can apply one file at once. A part is the scans of barcodes whose tracking code ends in an
-- even (0) or odd (1) digit, so an order's scans are all in one part. A part not applied
-- (its process stopped) is taken by the resume job, which tells it from a part being applied
-- by its row lock.
CREATE TABLE imb_imports (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL,
  applied_at timestamptz
);
CREATE INDEX imb_imports_pending ON imb_imports (id) WHERE applied_at IS NULL;

CREATE TABLE imb_import_parts (
  import_id bigint NOT NULL REFERENCES imb_imports (id) ON DELETE CASCADE,
  part int NOT NULL,
  applied_at timestamptz,
  -- What applying the part did: scans of Postroom's barcodes, of those stored (not seen
  -- before), and orders moved.
  matched int,
  inserted int,
  orders_updated int,
  PRIMARY KEY (import_id, part)
);

-- A stored scan was unique by its five-column primary key, checked at each insert: 9 µs a scan
-- of a 16 µs import (docs/benchmarks.md, *Mail tracking*). Parts of the same number are applied
-- one at a time (an advisory lock), so a scan already stored is found by a lookup on this index
-- instead, and the timeline reads it in order.
ALTER TABLE imb_scans DROP CONSTRAINT imb_scans_pkey;
CREATE INDEX imb_scans_order ON imb_scans (order_id, scanned_at);
