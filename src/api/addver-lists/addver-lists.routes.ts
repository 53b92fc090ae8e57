import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getDoc, insertDoc, listDocs } from '../../db/resources.repo.js';
import { scopeOf } from '../../platform/auth/authenticate.js';
import { receiveCsvUploads } from '../../platform/csv/csv-upload.js';
import { notFound } from '../../platform/errors.js';
import { runCreate } from '../../platform/idempotency.js';
import { ID_PREFIX } from '../../platform/ids.js';
import { ListQuery } from '../../platform/lists.js';
import { chargeLookups } from '../../platform/metering/metering.js';
import { documented, IdParams } from '../../platform/route-helpers.js';
import { Envelope, ok } from '../addver/envelope.js';
import type { AppDeps } from '../deps.js';
import { AddverList, ListUpload } from './addver-list.schema.js';
import { newList, presentList } from './list-create.js';
import { enqueueListJob, LISTS_TABLE } from './list-jobs.js';
import { allowanceOf, listSearchText } from './list-run.js';

/** Largest CSV a list takes: 250,000 rows of up to ~500 bytes. */
const MAX_LIST_BYTES = 128 * 1024 * 1024;
const tags = ['Bulk address verification'];

/**
 * `/v1/addver_lists`: bulk verification of an uploaded CSV. The upload is checked and charged
 * (a lookup a row, and a geocode a row when asked) in one transaction with the list and its
 * job; the job (list-run.ts) writes the output CSV. docs/bulk-verification.md.
 */
export const addverListsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  receiveCsvUploads(app, deps.blobs, {
    folder: 'addver-lists',
    maxBytes: MAX_LIST_BYTES,
    takenBy: 'a list',
    isCreate: (request) => request.method === 'POST' && request.routeOptions.url === '/v1/addver_lists',
    isJsonField: (name) => name === 'mappings',
  });

  // '' is the prefix itself: /v1/addver_lists, as clients write it.
  app.post(
    '',
    {
      config: { requireSecretKey: true },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: ListUpload,
        response: { 201: documented(Envelope(AddverList)) },
      },
    },
    (request, reply) =>
      runCreate(deps.pool, request, reply, async (tx) => {
        const scope = scopeOf(request);
        const doc = await newList(deps, scope, request.auth.keyId, request.body);
        await chargeLookups(tx, deps.clock, scope.orgId, doc.charged.lookups, allowanceOf(doc));
        await insertDoc(tx, LISTS_TABLE, scope, doc, listSearchText(doc));
        await enqueueListJob(tx, deps.boss, scope, doc.id);
        return {
          statusCode: 201,
          body: ok(presentList(doc, deps.signer), 'List uploaded; it is being verified.'),
        };
      }),
  );

  app.get(
    '',
    {
      config: { requireSecretKey: true },
      schema: {
        tags,
        querystring: Type.Omit(ListQuery, ['search']),
        response: {
          200: documented(Envelope(Type.Object({ count: Type.Integer(), data: Type.Array(AddverList) }))),
        },
      },
    },
    async (request) => {
      const { totalCount, docs } = await listDocs(
        deps.pool,
        LISTS_TABLE,
        scopeOf(request),
        request.query,
        undefined,
      );
      const data = docs.map((text) => presentList(JSON.parse(text), deps.signer));
      return ok({ count: totalCount, data }, 'Lists retrieved.');
    },
  );

  app.get(
    '/:id',
    {
      config: { requireSecretKey: true },
      schema: {
        tags,
        params: IdParams(ID_PREFIX.addverList),
        response: { 200: documented(Envelope(AddverList)) },
      },
    },
    async (request) => {
      const text = await getDoc(deps.pool, LISTS_TABLE, scopeOf(request), request.params.id);
      if (!text) throw notFound('addver list', request.params.id);
      return ok(presentList(JSON.parse(text), deps.signer), 'List retrieved.');
    },
  );
};
