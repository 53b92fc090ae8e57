-- Every order kind's table has the layout of letters (0011_letters.sql): the order machinery
-- works on the columns outside `doc` whatever the kind. One function makes such a table, so a
-- new kind is one line: SELECT create_order_table('postcards');
CREATE FUNCTION create_order_table(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($t$
    CREATE TABLE %I (
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
    )$t$, name);
  EXECUTE format('CREATE INDEX %I ON %I (org_id, live, created_at DESC, id DESC)', name || '_recent', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (doc jsonb_path_ops)', name || '_doc', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (search_text gin_trgm_ops)', name || '_search', name);
  EXECUTE format('CREATE INDEX %I ON %I (next_step_at) WHERE next_step_at IS NOT NULL', name || '_due', name);
  EXECUTE format($i$CREATE INDEX %I ON %I (created_at) WHERE status = 'printing' AND live AND print_batch_id IS NULL$i$,
    name || '_unbatched', name);
  EXECUTE format('CREATE INDEX %I ON %I (print_batch_id) WHERE print_batch_id IS NOT NULL', name || '_batch', name);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION count_resource_rows()',
    name || '_count', name);
END $$;

SELECT create_order_table('postcards');
SELECT create_order_table('self_mailers');

-- Letters stored before every order carried its tracking fields (null until there is
-- something to say) and its paper (standard unless chosen) get them; stored values win.
UPDATE letters SET doc = jsonb_build_object(
  'imbStatus', null, 'imbDate', null, 'imbZipCode', null, 'trackingNumber', null, 'paper', 'standard'
) || doc;
