-- Letters. `doc` is the letter as the API returns it, minus `url` (signed afresh on every
-- read from `pdf_key`). Columns outside `doc` are what the order machinery works on:
--   content       what the render job renders: {kind:'html', html} or {kind:'pdf', blobKey},
--                 plus attached {blobKey, placement}; the snapshot taken at create
--   pdf_key       blob key of the rendered PDF; set once, so a letter is rendered at most once
--   next_step_at  when the next automatic lifecycle step is due (null: nothing scheduled)
--   transitions   [{from, to, at, reason?}] every status change with its time
CREATE TABLE letters (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id),
  live boolean NOT NULL,
  status text NOT NULL,
  doc jsonb NOT NULL,
  search_text text NOT NULL,
  content jsonb NOT NULL,
  pdf_key text,
  next_step_at timestamptz,
  print_batch_id text,
  transitions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX letters_recent ON letters (org_id, live, created_at DESC, id DESC);
CREATE INDEX letters_doc ON letters USING gin (doc jsonb_path_ops);
CREATE INDEX letters_search ON letters USING gin (search_text gin_trgm_ops);
CREATE INDEX letters_due ON letters (next_step_at) WHERE next_step_at IS NOT NULL;
CREATE INDEX letters_unbatched ON letters (created_at) WHERE status = 'printing' AND live AND print_batch_id IS NULL;
CREATE INDEX letters_batch ON letters (print_batch_id) WHERE print_batch_id IS NOT NULL;
CREATE TRIGGER letters_count AFTER INSERT OR DELETE ON letters
  FOR EACH ROW EXECUTE FUNCTION count_resource_rows();
