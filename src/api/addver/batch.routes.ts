import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { BatchBody, BatchResult } from './batch.schema.js';
import { batchInputs, batchResult, checkBatchShape } from './batch-items.js';
import { Envelope, ok } from './envelope.js';
import { chargeWithGeocode } from './geocode-charge.js';
import { VerifyQuery } from './verification.schema.js';

/**
 * POST /v1/addver/verifications/batch: up to 2,000 addresses, results in input order. The
 * whole batch is charged at once (1 per valid address, +1 each with geocoding, given back for
 * addresses that got no geocode), so an account without the lookups left gets a 402 and
 * nothing is verified.
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
      const inputs = items.flatMap((item) => ('input' in item ? [item.input] : []));
      const q = request.query;
      const charge = await chargeWithGeocode(
        deps,
        request.auth.orgId,
        LOOKUP_COST.batchItem,
        q.geocode,
        inputs.length,
      );
      const verified = await deps.verifier.verifyMany(inputs, { ...q, geocode: charge.geocode });
      await charge.settle(verified);
      let next = 0;
      const results = items.map((item) => ('input' in item ? batchResult(verified[next++]) : item));
      return ok({ results }, 'Verified addresses.');
    },
  );
};
