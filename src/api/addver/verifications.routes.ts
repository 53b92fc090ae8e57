import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { Envelope, ok } from './envelope.js';
import { chargeWithGeocode } from './geocode-charge.js';
import { AddressInput, VerifiedAddressSchema, VerifyQuery } from './verification.schema.js';
import { checkAddressBody, toVerifyInput } from './verification-input.js';

/** POST /v1/addver/verifications: one address, freeform or structured (1 lookup, +1 for a returned geocode). */
export const verificationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/verifications',
    {
      schema: {
        tags: ['Address verification'],
        querystring: VerifyQuery,
        body: Type.Object({ address: AddressInput }),
        response: { 200: documented(Envelope(VerifiedAddressSchema)) },
      },
      preValidation: checkAddressBody,
    },
    async (request) => {
      const input = toVerifyInput(request.body.address, 'address');
      const q = request.query;
      const charge = await chargeWithGeocode(deps, request.auth.orgId, LOOKUP_COST.verification, q.geocode);
      const verified = await deps.verifier.verify(input, { ...q, geocode: charge.geocode });
      await charge.settle([verified]);
      return ok(verified, 'Verified address.');
    },
  );
};
