-- Every letter carries pdfWorkflowRun (null: no letter is made by a PDF workflow here), as the
-- hosted service's letters do; letters saved before it get it here.
UPDATE letters SET doc = doc || '{"pdfWorkflowRun": null}'::jsonb WHERE NOT doc ? 'pdfWorkflowRun';
