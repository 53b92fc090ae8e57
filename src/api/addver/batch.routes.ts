import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { BatchBody, BatchResult } from './batch.schema.js';
import { batchInputs, checkBatchShape } from './batch-items.js';
import { Envelope, ok } from './envelope.js';
import { VerifyQuery } from './verification.schema.js';
import { lookupsFor } from './verification-input.js';

/**
 * POST /v1/addver/verifications/batch: up to 2,000 addresses, results in input order. The
 * whole batch is charged at once (1 per valid address, +1 each with geocoding), so an
 * account without the lookups left gets a 402 and nothing is verified.
 */
export const batchRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/verifications/batch',
    {
      config: { requireSecretKey: true },
      schema: {
        tags: ['Address verification'],
        querystring: VerifyQuery,
        body: BatchBody,
        response: { 200: documented(Envelope(Type.Object({ results: Type.Array(BatchResult) }))) },
      },
      preValidation: async (request) => checkBatchShape(request.body),
    },
    async (request) => {
      const items = batchInputs(request.body.addresses);
      const valid = items.filter((item) => 'input' in item).length;
      const each = lookupsFor(LOOKUP_COST.batchItem, LOOKUP_COST.geocode, request.query.geocode);
      await chargeLookups(deps.pool, deps.clock, request.auth.orgId, valid * each);
      const inputs = items.flatMap((item) => ('input' in item ? [item.input] : []));
      const verified = await deps.verifier.verifyMany(inputs, request.query);
      let next = 0;
      const results = items.map((item) => ('input' in item ? { verifiedAddress: verified[next++] } : item));
      return ok({ results }, 'Verified addresses.');
    },
  );
};
