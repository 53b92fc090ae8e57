import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { documented, IdParams } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { AutocompleteBody, AutocompleteList, TargetedListBuild } from './list-build.schema.js';
import { confirmBuild } from './list-build-confirm.js';

const tags = ['Targeted list builds'];

/**
 * What targeted list builds have besides the document routes: confirm, and the filters'
 * autocomplete, which has nothing to suggest (the points hold no industries; an empty list,
 * as for a prefix that matches none).
 */
export const listBuildRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/targeted_list_builds/:id/confirm',
    {
      schema: {
        tags,
        params: IdParams('targeted_list_build'),
        response: { 200: documented(TargetedListBuild) },
      },
    },
    (request) =>
      withTransaction(deps.pool, (tx) =>
        confirmBuild(tx, deps, scopeOf(request), request.params.id, deps.clock.now()),
      ),
  );

  app.post(
    '/targeted_list_builds/filters/autocomplete',
    { schema: { tags, body: AutocompleteBody, response: { 200: AutocompleteList } } },
    async () => ({ object: 'list' as const, data: [] }),
  );
};
