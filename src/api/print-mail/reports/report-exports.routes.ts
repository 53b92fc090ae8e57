import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { jobInsertStatement } from '../../../db/job-insert.js';
import { deleteRow, getDoc, insertDoc, lockDoc } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { apiError, invalid, notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ID_PREFIX, idPattern } from '../../../platform/ids.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import { checkedReportSql } from '../../../report-sandbox/checked-sql.js';
import type { AppDeps } from '../../deps.js';
import { newDocument } from '../documents/document-envelope.js';
import { ExportCreate, type Report, ReportExport } from './report.schema.js';
import { EXPORT_JOBS, type ExportJobData, exportBlobKey, isGenerating } from './report-export-jobs.js';
import { presentExport } from './report-export-present.js';

const TABLE = 'report_exports';
const ExportParams = Type.Object({
  id: Type.String({ pattern: idPattern('report'), maxLength: 100 }),
  exportID: Type.String({ pattern: idPattern('report_export'), maxLength: 100 }),
});

/**
 * `POST /reports/{id}/exports`: the report's query, as it is now, runs in a durable job that
 * writes a CSV (api/print-mail/reports/report-export.job.ts); `GET` and `DELETE /reports/{id}/exports/{exportID}`.
 */
export const reportExportsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['Reports'];
  app.post(
    '/reports/:id/exports',
    {
      schema: {
        tags,
        params: IdParams('report'),
        body: ExportCreate,
        response: { 201: documented(ReportExport) },
      },
    },
    (request, reply) =>
      runCreate(deps.pool, request, reply, async (tx) => {
        const scope = scopeOf(request);
        const text = await getDoc(tx, 'reports', scope, request.params.id);
        if (!text) throw notFound('report', request.params.id);
        const report: Report = JSON.parse(text);
        const { description, metadata, params } = request.body ?? {};
        checkMetadata(metadata);
        const wanted = checkedReportSql(report.sqlQuery, params ?? []).parameterCount;
        if (wanted !== (params?.length ?? 0))
          throw invalid(
            'params',
            `must hold ${wanted} value${wanted === 1 ? '' : 's'}: the report's query refers to ${wanted}.`,
          );
        const doc: ReportExport = newDocument(
          'report_export',
          ID_PREFIX.reportExport,
          { scope, now: deps.clock.now() },
          { description, metadata },
          { report: { id: report.id, sqlQuery: report.sqlQuery }, ...(params ? { params } : {}) },
        );
        await insertDoc(tx, TABLE, scope, doc, searchTextOf({ id: doc.id, r: report.id, d: description }));
        const data: ExportJobData = { id: doc.id, orgId: scope.orgId, live: scope.live };
        await tx.query(await jobInsertStatement(deps.boss, [{ name: EXPORT_JOBS.run, data }]));
        return { statusCode: 201, body: doc };
      }),
  );

  app.get(
    '/reports/:id/exports/:exportID',
    { schema: { tags, params: ExportParams, response: { 200: documented(ReportExport) } } },
    async (request, reply) => {
      const text = await getDoc(deps.pool, TABLE, scopeOf(request), request.params.exportID);
      const doc: ReportExport | undefined = text && JSON.parse(text);
      if (!doc || doc.report.id !== request.params.id)
        throw notFound('report export', request.params.exportID);
      return sendJson(reply, jsonbText(presentExport(doc, deps.signer)));
    },
  );

  app.delete(
    '/reports/:id/exports/:exportID',
    { schema: { tags, params: ExportParams } },
    async (request) => {
      const scope = scopeOf(request);
      const { id, exportID } = request.params;
      const deleted = await withTransaction(deps.pool, async (tx) => {
        const doc = await lockDoc<ReportExport>(tx, TABLE, scope, exportID);
        if (!doc || doc.report.id !== id) throw notFound('report export', exportID);
        if (isGenerating(doc))
          throw apiError(
            'report_export_status_error',
            'The export is still generating; delete it once it has finished.',
          );
        await deleteRow(tx, TABLE, scope, exportID);
        return doc;
      });
      await deps.blobs.delete(exportBlobKey(deleted));
      return { id: exportID, object: 'report_export', deleted: true };
    },
  );
};
