import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PARSED_ADDRESS_FIELDS, parseAddress } from '../../engines/address/index.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { documented } from '../../platform/route-helpers.js';
import type { AppDeps } from '../deps.js';
import { Envelope, ok } from './envelope.js';
import { FreeformAddress } from './fields.js';

const ParsedAddress = Type.Object(
  Object.fromEntries(PARSED_ADDRESS_FIELDS.map((f) => [f, Type.Optional(Type.String())])),
);

/** POST /v1/addver/parses {address}: a freeform line split into components (1 lookup). */
export const parsesRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/parses',
    {
      schema: {
        tags: ['Address verification'],
        body: Type.Object({ address: FreeformAddress }),
        response: { 200: documented(Envelope(ParsedAddress)) },
      },
    },
    async (request) => {
      await chargeLookups(deps.pool, deps.clock, request.auth.orgId, LOOKUP_COST.parse);
      return ok(parseAddress(request.body.address), 'Parsed address.');
    },
  );
};
