-- Senders from a mailing list import's senderAddressMapping (docs/decisions.md, "Mailing lists
-- and imports"): each row's sender is settled like its receiver and becomes a contact of its
-- own, kept beside the receiver from staging to the list, where a campaign sends from it.

-- A staged row's sender, as its receiver is staged (mailing_list_import_rows is unlogged, and
-- empty whenever no import is running, so adding columns is cheap).
ALTER TABLE mailing_list_import_rows
  ADD COLUMN sender_hash text,
  ADD COLUMN sender jsonb,
  ADD COLUMN sender_search_text text,
  ADD COLUMN sender_patch jsonb;

-- The sender the import gave each of its contacts (the last row's, when a receiver is on
-- several rows). No foreign key, as for contact_id: adding the import to a list reads only
-- senders that still exist.
ALTER TABLE mailing_list_import_contacts ADD COLUMN sender_id text;

-- A member's own sender: its campaign orders' `from` (else the campaign's defaultSenderContact).
-- Deleting that contact leaves the member on the list without one of its own.
ALTER TABLE mailing_list_members
  ADD COLUMN sender_id text REFERENCES contacts (id) ON DELETE SET NULL;
CREATE INDEX mailing_list_members_sender ON mailing_list_members (sender_id) WHERE sender_id IS NOT NULL;
