import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps.js';
import { batchRoutes } from './batch.routes.js';
import { completionsRoutes } from './completions.routes.js';
import { lookupInfoRoutes } from './lookup-info.routes.js';
import { lookupsRoutes } from './lookups.routes.js';
import { parsesRoutes } from './parses.routes.js';
import { suggestionsRoutes } from './suggestions.routes.js';
import { verificationsRoutes } from './verifications.routes.js';

/** The /v1/addver route registry. */
export const addverResources = [
  lookupInfoRoutes,
  parsesRoutes,
  lookupsRoutes,
  verificationsRoutes,
  suggestionsRoutes,
  batchRoutes,
  completionsRoutes,
];

export const addverRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const resource of addverResources) await app.register(resource, { deps });
};
