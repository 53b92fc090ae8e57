import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentLookupInfo } from '../../platform/metering/metering.js';
import { INTL_LOOKUPS } from '../../platform/metering/metering.repo.js';
import { Envelope, ok } from '../addver/envelope.js';
import type { AppDeps } from '../deps.js';

const LookupInfo = Type.Object({
  freeLimit: Type.Union([Type.Integer(), Type.Null()], { description: 'null means unlimited' }),
  used: Type.Integer(),
  subscribed: Type.Boolean(),
});

/**
 * GET /v1/intl_addver: the international allowance (spec 2.6 shape). Not in the spec's
 * list; it mirrors GET /v1/addver so a caller can see the separate allowance.
 */
export const intlLookupInfoRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/',
    { schema: { tags: ['International address verification'], response: { 200: Envelope(LookupInfo) } } },
    async (request) =>
      ok(
        await currentLookupInfo(deps.pool, deps.clock, request.auth.orgId, INTL_LOOKUPS),
        'Retrieved lookup info.',
      ),
  );
};
