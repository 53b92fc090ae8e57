-- The dashboard's orders page filters by status (src/dashboard/pages/orders/orders-list.repo.ts):
-- an index per order table on (org, mode, status, newest first) gives a status's page directly
-- and counts it from the index alone, where the newest-first index had to read every row of the
-- organization (about 200 ms at 100,000 letters, docs/benchmarks.md). Every table with the order
-- layout (create_order_table, 0014) gets it; a kind whose table a later migration makes should
-- add its own line.
DO $$
DECLARE order_table text;
BEGIN
  FOR order_table IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables b
      ON b.table_schema = c.table_schema AND b.table_name = c.table_name AND b.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND c.column_name = 'print_batch_id'
      AND EXISTS (SELECT 1 FROM information_schema.columns s
                  WHERE s.table_schema = c.table_schema AND s.table_name = c.table_name AND s.column_name = 'transitions')
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (org_id, live, status, created_at DESC, id DESC)',
      order_table || '_status', order_table);
  END LOOP;
END $$;
