import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type IntlInput, verifyIntl } from '../../engines/address/intl/index.js';
import { ApiError, invalid } from '../../platform/errors.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled, INTL_LOOKUPS } from '../../platform/metering/metering.repo.js';
import { documented } from '../../platform/route-helpers.js';
import { PgIntlPoints } from '../../reference-store/pg-intl-points.js';
import { batchResult } from '../addver/batch-items.js';
import { Envelope, ok } from '../addver/envelope.js';
import type { AppDeps } from '../deps.js';
import { toIntlInput } from './input.js';
import { IntlBatchBody, IntlBatchQuery, IntlBatchResult, MAX_INTL_BATCH } from './schema.js';

/** Long batches give the event loop back this often, so single requests are not held behind them. */
const YIELD_MS = 5;

const unwrap = (item: unknown): unknown =>
  typeof item === 'object' && item !== null && !Array.isArray(item) && 'address' in item
    ? (item as { address: unknown }).address
    : item;

/**
 * POST /v1/intl_addver/verifications/batch: up to 2,000 addresses (bare or wrapped as
 * `{address}`), results in input order. An item that cannot be verified (no line1, no or an
 * unknown country, a freeform line naming none) gets its own `error`; the rest are charged at
 * once, 1 lookup each, so an account without enough left gets a 402 and nothing is verified.
 */
export const intlBatchRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const source = new PgIntlPoints(deps.pool);
  app.post(
    '/verifications/batch',
    {
      config: { requireSecretKey: true },
      schema: {
        tags: ['International address verification'],
        querystring: IntlBatchQuery,
        body: IntlBatchBody,
        response: { 200: documented(Envelope(Type.Object({ results: Type.Array(IntlBatchResult) }))) },
      },
      preValidation: async (request) => {
        const addresses = (request.body as { addresses?: unknown } | undefined)?.addresses;
        if (addresses !== undefined && !Array.isArray(addresses))
          throw invalid('addresses', 'must be an array of addresses.');
        if (Array.isArray(addresses) && addresses.length > MAX_INTL_BATCH)
          throw invalid(
            'addresses',
            `has ${addresses.length} items; at most ${MAX_INTL_BATCH} are accepted per request.`,
          );
      },
    },
    async (request) => {
      const items = request.body.addresses.map((item, i): { input: IntlInput } | { error: string } => {
        try {
          return { input: toIntlInput(unwrap(item), `addresses[${i}]`) };
        } catch (err) {
          if (err instanceof ApiError) return { error: err.message };
          throw err;
        }
      });
      const valid = items.filter((item) => 'input' in item).length;
      await chargeLookups(
        deps.pool,
        deps.clock,
        request.auth.orgId,
        valid * LOOKUP_COST.intlBatchItem,
        INTL_LOOKUPS,
      );
      const geoData = !!request.query.geoData && (await geocodingEnabled(deps.pool, request.auth.orgId));
      const options = { ...request.query, geoData };
      const results = [];
      let since = Date.now();
      for (const item of items) {
        results.push('input' in item ? batchResult(await verifyIntl(item.input, source, options)) : item);
        if (Date.now() - since >= YIELD_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          since = Date.now();
        }
      }
      return ok({ results }, 'International addresses verified.');
    },
  );
};
