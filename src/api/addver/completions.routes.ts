import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  type Completion,
  completeAddress,
  completedOf,
  previewOf,
} from '../../engines/address/complete/index.js';
import { invalid } from '../../platform/errors.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled } from '../../platform/metering/metering.repo.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { completionRequest, mergedParams } from './completion-input.js';
import {
  CompletedAddressSchema,
  PreviewQuery,
  PreviewSchema,
  ResolveBody,
  ResolveQuery,
} from './completions.schema.js';
import { Envelope, ok } from './envelope.js';
import { VerifiedAddressSchema } from './verification.schema.js';

const tags = ['Address verification'];

/**
 * GET /v1/addver/completions: previews as the user types (no lookup).
 * POST /v1/addver/completions: the same search resolved into full addresses, one of them with
 * `index`, verified with `verify=true` (1 lookup, +1 when the answer carries a geocode).
 */
export const completionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const source = deps.completions;

  app.get(
    '/completions',
    {
      schema: {
        tags,
        querystring: PreviewQuery,
        response: { 200: documented(Envelope(Type.Array(PreviewSchema))) },
      },
    },
    async (request) => {
      const q = request.query;
      const completions = await completeAddress(source, completionRequest(q));
      const options = { properCase: q.properCase, provInsteadOfPC: q.provInsteadOfPC };
      return ok(
        completions.map((c) => ({ preview: previewOf(c, options) })),
        'Retrieved address previews.',
      );
    },
  );

  app.post(
    '/completions',
    {
      schema: {
        tags,
        querystring: ResolveQuery,
        body: ResolveBody,
        response: {
          200: documented(
            Envelope(
              Type.Union([Type.Array(CompletedAddressSchema), CompletedAddressSchema, VerifiedAddressSchema]),
            ),
          ),
        },
      },
      // Some clients send every field in the query and no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const q = request.query;
      const index = q.index;
      const params = mergedParams(q, request.body);
      const completions = await completeAddress(source, completionRequest(params, (index ?? -1) + 1));
      const charge = (geocoded: boolean) =>
        chargeLookups(
          deps.pool,
          deps.clock,
          request.auth.orgId,
          LOOKUP_COST.completionResolve + (geocoded ? LOOKUP_COST.geocode : 0),
        );
      if (index === undefined) {
        await charge(false);
        const items = completions.map((c) => completedOf(c, { properCase: q.properCase }));
        return ok(items, 'Retrieved completed addresses.');
      }
      const chosen = completions[index];
      if (!chosen)
        throw invalid(
          'index',
          `is ${index}, but ${completions.length} completion${completions.length === 1 ? '' : 's'} match (the first is index 0).`,
        );
      // Only a plan with geocoding geocodes (spec 2.5); only a returned geocode is charged.
      const geocode = !!q.geocode && (await geocodingEnabled(deps.pool, request.auth.orgId));
      if (q.verify) {
        const verified = await deps.verifier.verify(verifyInputOf(chosen), {
          properCase: q.properCase,
          includeDetails: q.includeDetails,
          geocode,
        });
        await charge(!!verified.geocodeResult);
        return ok(verified, 'Verified the completed address.');
      }
      const item = completedOf(chosen, { properCase: q.properCase, geocode });
      await charge(!!item.geocodeResult);
      return ok(item, 'Retrieved the completed address.');
    },
  );
};

function verifyInputOf(c: Completion) {
  const { address } = completedOf(c);
  return {
    line1: address.address,
    city: address.city ?? '',
    provinceOrState: address.prov ?? '',
    postalOrZip: address.pc ?? '',
    country: c.country.toLowerCase(),
  };
}
