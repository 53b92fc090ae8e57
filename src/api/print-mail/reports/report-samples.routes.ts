import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getDoc } from '../../../db/resources.repo.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import type { Report } from './report.schema.js';
import { ReportSample, SampleAdHoc, SampleSaved } from './report.schema.js';
import { runSample } from './report-sample.js';

const DEFAULT_LIMIT = 100;

/** `POST /reports/samples` (ad hoc SQL) and `POST /reports/{id}/samples` (a saved report's). */
export const reportSamplesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const schema = { tags: ['Reports'], response: { 200: documented(ReportSample) } };
  app.post('/reports/samples', { schema: { ...schema, body: SampleAdHoc } }, async (request, reply) => {
    const { sqlQuery, params = [], limit = DEFAULT_LIMIT } = request.body;
    const body = await runSample(deps, scopeOf(request), { sql: sqlQuery, params, limit }, null);
    return sendJson(reply, body);
  });

  app.post(
    '/reports/:id/samples',
    { schema: { ...schema, params: IdParams('report'), body: SampleSaved } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const text = await getDoc(deps.pool, 'reports', scope, request.params.id);
      if (!text) throw notFound('report', request.params.id);
      const report: Report = JSON.parse(text);
      const { params = [], limit = DEFAULT_LIMIT } = request.body ?? {};
      return sendJson(
        reply,
        await runSample(deps, scope, { sql: report.sqlQuery, params, limit }, report.id),
      );
    },
  );
};
