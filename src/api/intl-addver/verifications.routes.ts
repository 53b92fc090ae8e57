import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { verifyIntl } from '../../engines/address/intl/index.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled, INTL_LOOKUPS } from '../../platform/metering/metering.repo.js';
import { documented } from '../../platform/route-helpers.js';
import { PgIntlPoints } from '../../reference-store/pg-intl-points.js';
import { Envelope, ok } from '../addver/envelope.js';
import type { AppDeps } from '../deps.js';
import { checkIntlAddressBody, toIntlInput } from './input.js';
import { IntlAddressInput, IntlVerifiedAddressSchema, IntlVerifyQuery } from './schema.js';

const tags = ['International address verification'];

/** POST /v1/intl_addver/verifications: one address of any country, freeform or structured (1 lookup). */
export const intlVerificationsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const source = new PgIntlPoints(deps.pool);
  app.post(
    '/verifications',
    {
      schema: {
        tags,
        querystring: IntlVerifyQuery,
        body: Type.Object({ address: IntlAddressInput }),
        response: { 200: documented(Envelope(IntlVerifiedAddressSchema)) },
      },
      preValidation: checkIntlAddressBody,
    },
    async (request) => {
      const input = toIntlInput(request.body.address, 'address');
      await chargeLookups(
        deps.pool,
        deps.clock,
        request.auth.orgId,
        LOOKUP_COST.intlVerification,
        INTL_LOOKUPS,
      );
      // geoData only for accounts with geocoding enabled (spec section 5), as on /v1/addver.
      const geoData = !!request.query.geoData && (await geocodingEnabled(deps.pool, request.auth.orgId));
      return ok(
        await verifyIntl(input, source, { ...request.query, geoData }),
        'International address verified.',
      );
    },
  );
};
