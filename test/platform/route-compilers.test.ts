import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { AJV_OPTIONS } from '../../src/platform/request-schema.js';
import { buildValidator, compiledOnFirstUse } from '../../src/platform/route-compilers.js';

test('compiledOnFirstUse compiles once, at the first call, not before', () => {
  let compiles = 0;
  const double = compiledOnFirstUse(() => {
    compiles++;
    return (n: number) => n * 2;
  });
  assert.equal(compiles, 0);
  assert.equal(double(2), 4);
  assert.equal(double(5), 10);
  assert.equal(compiles, 1);
});

test('validators compiled on first use check, coerce and fill defaults as Fastify’s own', async () => {
  const app = Fastify({
    ajv: { customOptions: { ...AJV_OPTIONS } },
    schemaController: { compilersFactory: { buildValidator } },
  });
  app.post(
    '/things',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } },
        body: {
          type: 'object',
          required: ['count'],
          properties: { count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    async (request) => ({ query: request.query, body: request.body }),
  );
  await app.ready();
  const bad = await app.inject({ method: 'POST', url: '/things', payload: { count: 'many' } });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json().message, /body\/count must be integer/);
  const missing = await app.inject({ method: 'POST', url: '/things', payload: {} });
  assert.match(missing.json().message, /must have required property 'count'/);
  const ok = await app.inject({
    method: 'POST',
    url: '/things?limit=3',
    payload: { count: '7', tags: 'one' },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json(), { query: { limit: 3 }, body: { count: 7, tags: ['one'] } });
  const defaults = await app.inject({ method: 'POST', url: '/things', payload: { count: 1 } });
  assert.deepEqual(defaults.json().query, { limit: 10 });
  await app.close();
});
