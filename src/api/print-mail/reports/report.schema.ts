import { type Static, Type } from '@sinclair/typebox';
import { REPORT_SQL_MAX_CHARS } from '../../../report-sandbox/report-sql.js';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';

const SqlQuery = Type.String({
  minLength: 1,
  maxLength: REPORT_SQL_MAX_CHARS,
  description: 'One SELECT over the report views (docs/reports.md); `?` or `$1` placeholders take `params`.',
});
/** Values for the query's placeholders, in order, as text: PostgreSQL casts each to the type its place needs. */
export const Params = Type.Array(Type.String({ maxLength: 10_000 }), { maxItems: 100 });

export const ReportCreate = Type.Object({
  sqlQuery: SqlQuery,
  ...ENVELOPE_CREATE,
});
export type ReportCreate = Static<typeof ReportCreate>;

export const ReportUpdate = Type.Object({
  sqlQuery: Type.Optional(SqlQuery),
  ...ENVELOPE_UPDATE,
});
export type ReportUpdate = Static<typeof ReportUpdate>;

export const Report = documentSchema('report', { sqlQuery: Type.String() });
export type Report = Static<typeof Report>;

/** The most rows a sample answers (the hosted service's limit). */
export const SAMPLE_MAX_ROWS = 1000;
const Limit = Type.Integer({ minimum: 1, maximum: SAMPLE_MAX_ROWS, default: 100 });

export const SampleAdHoc = Type.Object({
  sqlQuery: SqlQuery,
  limit: Type.Optional(Limit),
  params: Type.Optional(Params),
});
export type SampleAdHoc = Static<typeof SampleAdHoc>;

export const SampleSaved = Type.Object({
  limit: Type.Optional(Limit),
  params: Type.Optional(Params),
});
export type SampleSaved = Static<typeof SampleSaved>;

export const ReportSample = Type.Object({
  id: Type.String(),
  object: Type.Literal('report_sample'),
  report: Type.Union([Type.String(), Type.Null()]),
  records: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

export const ExportCreate = Type.Object({
  ...ENVELOPE_CREATE,
  params: Type.Optional(Params),
});
export type ExportCreate = Static<typeof ExportCreate>;

export const ReportExport = documentSchema('report_export', {
  report: Type.Object({ id: Type.String(), sqlQuery: Type.String() }),
  params: Type.Optional(Params),
  outputURL: Type.Optional(
    Type.String({ description: 'Signed link to the CSV, valid 15 minutes; once generated.' }),
  ),
  rowCount: Type.Optional(Type.Integer()),
  sizeInBytes: Type.Optional(Type.Integer()),
  truncatedToBytes: Type.Optional(Type.Integer()),
  failureMessage: Type.Optional(Type.String()),
});
export type ReportExport = Static<typeof ReportExport>;
