import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps.js';
import { intlBatchRoutes } from './batch.routes.js';
import { intlCompletionsRoutes } from './completions.routes.js';
import { intlLookupInfoRoutes } from './lookup-info.routes.js';
import { intlVerificationsRoutes } from './verifications.routes.js';

/** The /v1/intl_addver route registry (address-verification keys; its own lookup allowance). */
export const intlAddverResources = [
  intlLookupInfoRoutes,
  intlVerificationsRoutes,
  intlBatchRoutes,
  intlCompletionsRoutes,
];

export const intlAddverRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const resource of intlAddverResources) await app.register(resource, { deps });
};
