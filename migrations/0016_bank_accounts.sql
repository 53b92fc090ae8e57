-- Every plain document resource's table has the layout of templates (0010_templates.sql);
-- one function makes it, so a new resource is one line: SELECT create_document_table('...');
CREATE FUNCTION create_document_table(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($t$
    CREATE TABLE %I (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations (id),
      live boolean NOT NULL,
      doc jsonb NOT NULL,
      search_text text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )$t$, name);
  EXECUTE format('CREATE INDEX %I ON %I (org_id, live, created_at DESC, id DESC)', name || '_recent', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (doc jsonb_path_ops)', name || '_doc', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (search_text gin_trgm_ops)', name || '_search', name);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION count_resource_rows()',
    name || '_count', name);
END $$;

SELECT create_document_table('bank_accounts');

-- A bank account's full number, sealed (AES-256-GCM, platform/data-keys.ts) with a key kept
-- outside the database. Never in `doc`, which reads answer as stored.
CREATE TABLE bank_account_secrets (
  id text PRIMARY KEY REFERENCES bank_accounts (id) ON DELETE CASCADE,
  account_number jsonb NOT NULL
);
