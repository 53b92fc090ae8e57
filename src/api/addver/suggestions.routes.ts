import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { Envelope, ok } from './envelope.js';
import { AddressInput, VerifiedAddressSchema, VerifyQuery } from './verification.schema.js';
import { checkAddressBody, lookupsFor, toVerifyInput } from './verification-input.js';

/** POST /v1/addver/suggestions: up to 3 real addresses closest to the input (1 lookup, +1 geocoding). */
export const suggestionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/suggestions',
    {
      schema: {
        tags: ['Address verification'],
        querystring: VerifyQuery,
        body: Type.Object({ address: AddressInput }),
        response: { 200: documented(Envelope(Type.Array(VerifiedAddressSchema))) },
      },
      preValidation: checkAddressBody,
    },
    async (request) => {
      const input = toVerifyInput(request.body.address, 'address');
      const cost = lookupsFor(LOOKUP_COST.suggestion, LOOKUP_COST.geocode, request.query.geocode);
      await chargeLookups(deps.pool, deps.clock, request.auth.orgId, cost);
      return ok(await deps.verifier.suggest(input, request.query), 'Suggested addresses.');
    },
  );
};
