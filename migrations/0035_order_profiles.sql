-- Order profiles (api/print-mail/order-profiles/): presets of settings and content for one kind
-- of order, which campaigns make an order from per contact. One document table per kind.
SELECT create_document_table('letter_profiles');
SELECT create_document_table('postcard_profiles');
SELECT create_document_table('self_mailer_profiles');
SELECT create_document_table('cheque_profiles');
