import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../deps.js';
import { cityStates } from './city-states.js';
import { ok } from './envelope.js';
import { zipCodesFor } from './zip-codes.js';

const tags = ['Address verification'];
const ZipQuery = Type.Object({
  city: Type.String({ minLength: 1, maxLength: 100 }),
  state: Type.String({ minLength: 1, maxLength: 60 }),
  countryCode: Type.Optional(Type.String({ maxLength: 60, default: 'US' })),
});

/** City/state for a postal code, and ZIP codes for a city (no lookup cost stated: free). */
export const lookupsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.post(
    '/city_states',
    { schema: { tags, body: Type.Object({ postalOrZip: Type.String({ minLength: 1, maxLength: 20 }) }) } },
    async (request) => ok(cityStates(request.body.postalOrZip), 'Retrieved cities and states.'),
  );
  const zipHandler = async (fields: { city: string; state: string; countryCode?: string }) =>
    ok({ zipCodes: zipCodesFor(fields.city, fields.state, fields.countryCode) }, 'Retrieved ZIP codes.');
  app.post('/zip_codes', { schema: { tags, body: ZipQuery } }, (request) => zipHandler(request.body));
  app.get('/zip_codes', { schema: { tags, querystring: ZipQuery } }, (request) => zipHandler(request.query));
};
