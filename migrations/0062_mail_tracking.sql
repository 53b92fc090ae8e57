-- Mail tracking (docs/operations.md, "Mail tracking"). Each Intelligent Mail barcode's serial
-- comes from one row per Mailer ID, taken under the row's lock by whichever server or worker
-- renders, so no two pieces of one Mailer ID share a serial until the serial space (10^9
-- for a 6-digit Mailer ID, 10^6 for a 9-digit one) wraps; a wrapped serial still in use
-- within 45 days is refused (imb_barcodes_serial answers that).
CREATE TABLE imb_serials (
  mailer_id text PRIMARY KEY,
  last_serial bigint NOT NULL
);

-- The barcode printed on each live US piece, stored with its order (one per order: a render
-- run again reuses it). `tracking` is barcode ID + service type ID + Mailer ID + serial.
CREATE TABLE imb_barcodes (
  order_id text PRIMARY KEY,
  order_kind text NOT NULL,
  org_id text NOT NULL,
  live boolean NOT NULL,
  mailer_id text NOT NULL,
  serial bigint NOT NULL,
  tracking text NOT NULL,
  routing text NOT NULL,
  issued_at timestamptz NOT NULL
);
CREATE INDEX imb_barcodes_tracking ON imb_barcodes (tracking, issued_at DESC);
CREATE INDEX imb_barcodes_serial ON imb_barcodes (mailer_id, serial, issued_at DESC);

-- IV-MTR scans of Postroom's barcodes, one row per distinct scan (a file imported twice
-- adds nothing): the order page's timeline, and what imbStatus was worked out from.
CREATE TABLE imb_scans (
  order_id text NOT NULL,
  scanned_at timestamptz NOT NULL,
  event_code text NOT NULL,
  operation_code text NOT NULL,
  facility_zip text NOT NULL,
  status text,
  detail jsonb NOT NULL,
  imported_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, scanned_at, event_code, operation_code, facility_zip)
);

-- How far along an imbStatus is (tracking/scan-codes.ts IMB_RANK): a piece only moves up.
CREATE FUNCTION imb_status_rank(status text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'entered_mail_stream' THEN 1 WHEN 'out_for_delivery' THEN 2
    WHEN 'returned_to_sender' THEN 3 ELSE 0 END
$$;
