-- Mailing list imports (api/print-mail/mailing-list-imports/) and mailing lists
-- (api/print-mail/mailing-lists/). docs/decisions.md, "Mailing lists and imports".
SELECT create_document_table('mailing_list_imports');
SELECT create_document_table('mailing_lists');

-- Where the import job goes on reading the uploaded CSV: the byte just after the last row
-- whose outcome is staged (the first data row at first). Not in `doc`: the caller never sees it.
ALTER TABLE mailing_list_imports ADD COLUMN file_offset bigint NOT NULL DEFAULT 0;

-- Each row of a running import, as the job settled it: the contact it will be (verified,
-- de-duplication hash, search text, what an identical existing contact takes from it) or
-- why it is invalid. Nothing here is a contact yet: the import's commit moves them into
-- `contacts` in one transaction and empties this. UNLOGGED: a database crash empties it,
-- which the job notices (fewer staged rows than its progress says) and starts the file again.
CREATE UNLOGGED TABLE mailing_list_import_rows (
  import_id text NOT NULL REFERENCES mailing_list_imports (id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  content_hash text,
  contact jsonb,
  search_text text,
  patch jsonb,
  field text,
  message text,
  PRIMARY KEY (import_id, row_number)
);

-- The contacts a completed import made or matched: what adding the import to a list adds
-- (those of them that still exist). No foreign key to contacts: its check would lock each of
-- an import's 100,000 contacts as the commit links them, and a deleted contact's link is
-- harmless, since adding an import joins its links to the contacts there are.
CREATE TABLE mailing_list_import_contacts (
  import_id text NOT NULL REFERENCES mailing_list_imports (id) ON DELETE CASCADE,
  contact_id text NOT NULL,
  PRIMARY KEY (import_id, contact_id)
);

-- The job a mailing list is running (a token its job carries), null when it is `completed`:
-- a job that is not the list's current one (a retry of one already done) changes nothing.
ALTER TABLE mailing_lists ADD COLUMN running_job text;

-- A list's members. Deleting a contact removes it from every list (foreign key), and the
-- trigger below keeps each list's `contactCount` equal to its members, in the same statement.
CREATE TABLE mailing_list_members (
  list_id text NOT NULL REFERENCES mailing_lists (id) ON DELETE CASCADE,
  contact_id text NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  PRIMARY KEY (list_id, contact_id)
);
CREATE INDEX mailing_list_members_contact ON mailing_list_members (contact_id);

-- Per statement, not per row: a job adding 100,000 contacts updates its list's doc once.
CREATE FUNCTION count_mailing_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mailing_lists l
     SET doc = jsonb_set(l.doc, '{contactCount}',
                         to_jsonb(coalesce((l.doc ->> 'contactCount')::int, 0)
                                  + CASE WHEN TG_OP = 'INSERT' THEN d.n ELSE -d.n END))
    FROM (SELECT list_id, count(*)::int AS n FROM changed GROUP BY list_id) d
   WHERE l.id = d.list_id;
  RETURN NULL;
END $$;
CREATE TRIGGER mailing_list_members_added AFTER INSERT ON mailing_list_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_mailing_list_members();
CREATE TRIGGER mailing_list_members_removed AFTER DELETE ON mailing_list_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_mailing_list_members();
