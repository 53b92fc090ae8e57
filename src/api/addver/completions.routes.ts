import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import {
  type Completion,
  type CompletionSource,
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

const PREVIEWS_SCHEMA = {
  tags,
  querystring: PreviewQuery,
  response: { 200: documented(Envelope(Type.Array(PreviewSchema))) },
};

const RESOLVE_SCHEMA = {
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
};

/**
 * GET /v1/addver/completions: previews as the user types (no lookup).
 * POST /v1/addver/completions: the same search resolved into full addresses, one of them with
 * `index`, verified with `verify=true` (1 lookup, +1 when the answer carries a geocode).
 */
export const completionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/completions', { schema: PREVIEWS_SCHEMA }, async (request) =>
    ok(await previewsFor(deps.completions, request.query), 'Retrieved address previews.'),
  );
  app.post(
    '/completions',
    {
      schema: RESOLVE_SCHEMA,
      // Some clients send every field in the query and no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    (request) => resolveCompletions(deps, request.auth.orgId, request.query, request.body),
  );
};

async function previewsFor(source: CompletionSource, q: Static<typeof PreviewQuery>) {
  const completions = await completeAddress(source, completionRequest(q));
  const options = { properCase: q.properCase, provInsteadOfPC: q.provInsteadOfPC };
  return completions.map((c) => ({ preview: previewOf(c, options) }));
}

/** POST: every completion (1 lookup), or the one at `index`, geocoded or verified when asked. */
async function resolveCompletions(
  deps: AppDeps,
  orgId: string,
  q: Static<typeof ResolveQuery>,
  body: Static<typeof ResolveBody>,
) {
  const index = q.index;
  const params = mergedParams(q, body);
  const completions = await completeAddress(deps.completions, completionRequest(params, (index ?? -1) + 1));
  const charge = (geocoded: boolean) =>
    chargeLookups(
      deps.pool,
      deps.clock,
      orgId,
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
  const geocode = !!q.geocode && (await geocodingEnabled(deps.pool, orgId));
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
}

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
