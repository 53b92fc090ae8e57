import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { runCreate } from '../../../platform/idempotency.js';
import { ListQuery, listBody } from '../../../platform/lists.js';
import { documented, IdParams, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { cancelOrder } from '../orders/cancel-order.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import { progressOrder } from '../orders/progress-order.js';
import { Letter, LetterCancellation, LetterCreate, LetterUrl } from './letter.schema.js';
import { getLetter, letterUrl, listLetters } from './letters.read.js';
import {
  createLetter,
  insertLetter,
  insertLetterAtOnce,
  type LetterContext,
  prepareLetter,
} from './letters.service.js';

const tags = ['Letters'];
const kind = ORDER_KINDS.letter;
const one = { tags, params: IdParams('letter'), response: { 200: documented(Letter) } };

export const lettersRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const orderCtx = () => ({ now: deps.clock.now(), signer: deps.signer });
  const cancel = (scope: Scope, id: string, note?: string) =>
    withTransaction(deps.pool, (tx) =>
      cancelOrder(tx, kind, scope, id, { reason: 'user_initiated', ...(note ? { note } : {}) }, orderCtx()),
    );

  app.post(
    '/letters',
    { schema: { tags, body: LetterCreate, response: { 201: documented(Letter) } } },
    async (request, reply) => {
      const ctx: LetterContext = {
        scope: scopeOf(request),
        orgCountryCode: request.auth.orgCountryCode,
        addressing: deps.addressing,
        now: deps.clock.now(),
        blobs: deps.blobs,
        boss: deps.boss,
        signer: deps.signer,
        allowPrivate: deps.config.allowPrivateUrls,
        known: deps.knownContacts,
      };
      const input = request.body;
      // With an Idempotency-Key everything happens in the key's transaction, so a replay does nothing.
      if (request.headers['idempotency-key'] !== undefined)
        return runCreate(deps.pool, request, reply, async (tx) => ({
          statusCode: 201,
          body: await createLetter(tx, input, ctx),
        }));
      // Otherwise the checks and content (reads only, a 400 before anything is written) come
      // first. Then the letter, its new contacts, event and jobs are written in one statement
      // (no transaction needed); when that cannot be, in a transaction.
      const letter = await prepareLetter(deps.pool, input, ctx);
      const created = await insertLetterAtOnce(deps.pool, letter, ctx);
      if (created) return reply.code(201).type('application/json').send(JSON.stringify(created));
      return runCreate(deps.pool, request, reply, async (tx) => ({
        statusCode: 201,
        body: await insertLetter(tx, letter, ctx),
      }));
    },
  );

  app.get('/letters', { schema: { tags, querystring: ListQuery } }, async (request, reply) => {
    const { totalCount, docs } = await listLetters(deps.pool, scopeOf(request), request.query, deps.signer);
    return sendJson(reply, listBody(request.query, totalCount, docs));
  });

  app.get('/letters/:id', { schema: one }, async (request, reply) =>
    sendJson(reply, await getLetter(deps.pool, scopeOf(request), request.params.id, deps.signer)),
  );

  app.delete('/letters/:id', { schema: one }, async (request, reply) =>
    sendJson(reply, JSON.stringify(await cancel(scopeOf(request), request.params.id))),
  );

  app.post(
    '/letters/:id/cancellation',
    { schema: { ...one, body: LetterCancellation } },
    async (request, reply) =>
      sendJson(reply, JSON.stringify(await cancel(scopeOf(request), request.params.id, request.body.note))),
  );

  app.post('/letters/:id/progressions', { schema: one }, async (request, reply) => {
    const letter = await withTransaction(deps.pool, (tx) =>
      progressOrder(tx, kind, scopeOf(request), request.params.id, orderCtx()),
    );
    return sendJson(reply, JSON.stringify(letter));
  });

  app.get(
    '/letters/:id/url',
    { schema: { tags, params: IdParams('letter'), response: { 200: documented(LetterUrl) } } },
    (request) => letterUrl(deps.pool, scopeOf(request), request.params.id, deps.signer),
  );
};
