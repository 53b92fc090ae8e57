-- What a deleted resource leaves behind for the orders still to print that use it
-- (api/print-mail/documents/kept-for-orders.ts): its row leaves its table at once, so it is gone
-- from retrieve, list, search and new orders; this row names the files it had (a signature
-- image, a profile's PDFs) and says that rows kept elsewhere under its id (a bank account's
-- sealed number) stay until the sweep (sweep-kept-for-orders) finds no order that still needs
-- them, and removes them all.
CREATE TABLE kept_for_orders (
  id text PRIMARY KEY,
  org_id text NOT NULL,
  live boolean NOT NULL,
  object text NOT NULL,
  blob_keys text[] NOT NULL,
  -- The resource's own createdAt: no order older than it can use it.
  created_at timestamptz NOT NULL,
  deleted_at timestamptz NOT NULL
);

-- A deleted account's sealed number outlives its row while cheques on it wait to print; the
-- sweep removes it (until now it went with the row, by this foreign key, and the delete was
-- refused while such cheques waited).
ALTER TABLE bank_account_secrets DROP CONSTRAINT IF EXISTS bank_account_secrets_id_fkey;
