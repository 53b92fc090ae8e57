import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_DESCRIPTION, decorateOpenApi } from './docs/decorate.js';
import { POSTROOM_LOGO_SVG } from './docs/logo.js';

/** Where the OpenAPI document is served; the reference page loads it from here and names it. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * OpenAPI 3.1 generated from the route schemas, at /openapi.json, and Postroom's browsable
 * reference at /docs: our title, logo and description, sections in the API documents' order,
 * an example request on every operation (docs/decorate.ts).
 */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Postroom API', version: '1', description: API_DESCRIPTION },
      components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
      security: [{ ApiKeyAuth: [] }],
    },
    transformObject: (documentObject) =>
      decorateOpenApi((documentObject as { openapiObject: any }).openapiObject),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    logo: { type: 'image/svg+xml', content: Buffer.from(POSTROOM_LOGO_SVG), href: '/docs/', target: '_self' },
    theme: { title: 'Postroom API reference' },
    // The top bar names and loads /openapi.json rather than the plugin's own /docs/json copy
    // (Swagger UI loads `urls` instead of `url` when both are set).
    uiConfig: {
      urls: [{ url: OPENAPI_PATH, name: `Postroom API (OpenAPI 3.1, ${OPENAPI_PATH})` }],
      docExpansion: 'list',
      tryItOutEnabled: false,
      displayRequestDuration: true,
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
