-- Return envelopes (one per contact of an organization and mode) and the orders that make
-- more of them available.
SELECT create_document_table('return_envelopes');
CREATE UNIQUE INDEX return_envelopes_one_per_contact ON return_envelopes (org_id, live, (doc #>> '{to,id}'));
SELECT create_document_table('return_envelope_orders');
