-- Bulk verification lists (/v1/addver_lists): an uploaded CSV, its mapping and its job's progress.
SELECT create_document_table('addver_lists');
