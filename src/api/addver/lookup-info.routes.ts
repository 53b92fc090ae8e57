import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentLookupInfo } from '../../platform/metering/metering.js';
import type { AppDeps } from '../deps.js';
import { Envelope, ok } from './envelope.js';

const LookupInfo = Type.Object({
  freeLimit: Type.Union([Type.Integer(), Type.Null()], { description: 'null means unlimited' }),
  used: Type.Integer(),
  subscribed: Type.Boolean(),
});

/** GET /v1/addver and GET /v1/addver/ (clients use both; a prefixed '/' route answers both). */
export const lookupInfoRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const schema = { tags: ['Address verification'], response: { 200: Envelope(LookupInfo) } };
  const handler = async (request: { auth: { orgId: string } }) =>
    ok(await currentLookupInfo(deps.pool, deps.clock, request.auth.orgId), 'Retrieved lookup info.');
  app.get('/', { schema }, handler);
};
