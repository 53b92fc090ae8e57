import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { Envelope, ok } from './envelope.js';
import { chargeWithGeocode } from './geocode-charge.js';
import { AddressInput, VerifiedAddressSchema, VerifyQuery } from './verification.schema.js';
import { checkAddressBody, toVerifyInput } from './verification-input.js';

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
      const q = request.query;
      const charge = await chargeWithGeocode(deps, request.auth.orgId, LOOKUP_COST.suggestion, q.geocode);
      const suggested = await deps.verifier.suggest(input, { ...q, geocode: charge.geocode });
      // One call, one geocode lookup: charged when any suggestion carries a geocode.
      await charge.settle(suggested.some((s) => s.geocodeResult) ? [{ geocodeResult: true }] : []);
      return ok(suggested, 'Suggested addresses.');
    },
  );
};
