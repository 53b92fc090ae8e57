-- Reports: saved SQL over the caller's own data, and their CSV exports.
SELECT create_document_table('reports');
SELECT create_document_table('report_exports');
CREATE INDEX report_exports_by_report ON report_exports ((doc #>> '{report,id}'));

-- Which organization and mode a report reader connection is running a query for. The
-- reader role cannot write this table; its views (report-sandbox/report-views.ts) join it on
-- pg_backend_pid(), so nothing in a query's text can choose whose rows it sees.
CREATE TABLE report_bindings (
  pid int PRIMARY KEY,
  org_id text NOT NULL,
  live boolean NOT NULL,
  bound_at timestamptz NOT NULL DEFAULT now()
);
