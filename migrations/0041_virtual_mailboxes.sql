-- Virtual mailboxes and the mail items the mail room records in them
-- (api/print-mail/virtual-mailboxes/, docs/virtual-mailboxes.md).
SELECT create_document_table('virtual_mailboxes');
SELECT create_document_table('virtual_mailbox_items');
CREATE INDEX virtual_mailbox_items_by_mailbox
  ON virtual_mailbox_items ((doc ->> 'virtualMailbox'), created_at DESC, id DESC);

-- Each mailbox's private mailbox number, the `PMB 1001` of its address: one mail room serves
-- every organization and mode, so the numbers are unique across all of them. Not in `doc`:
-- the address is its own endpoint, and operators find a mailbox by the number on an envelope.
CREATE SEQUENCE virtual_mailbox_pmb START 1001;
ALTER TABLE virtual_mailboxes
  ADD COLUMN pmb integer NOT NULL UNIQUE DEFAULT nextval('virtual_mailbox_pmb');
ALTER SEQUENCE virtual_mailbox_pmb OWNED BY virtual_mailboxes.pmb;
