-- Print batches: live orders that entered `printing`, grouped by what a print shop sets up
-- once (size, colour, sides, mailing class), with a combined PDF and manifests in the blob store.
CREATE TABLE print_batches (
  id text PRIMARY KEY,
  order_kind text NOT NULL,
  size text NOT NULL,
  color boolean NOT NULL,
  double_sided boolean NOT NULL,
  mailing_class text NOT NULL,
  order_count int NOT NULL,
  page_count int NOT NULL,
  pdf_key text NOT NULL,
  manifest_csv_key text NOT NULL,
  manifest_json_key text NOT NULL,
  status text NOT NULL DEFAULT 'ready_for_print' CHECK (status IN ('ready_for_print', 'handed_over')),
  created_at timestamptz NOT NULL,
  handed_over_at timestamptz
);
CREATE INDEX print_batches_recent ON print_batches (created_at DESC);
