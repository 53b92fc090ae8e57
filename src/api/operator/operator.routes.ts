import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../deps.js';
import {
  activateMailbox,
  listForOperator,
  receiveForMailbox,
} from '../print-mail/virtual-mailboxes/mailbox-operator.js';
import { scanBytes } from '../print-mail/virtual-mailboxes/mailbox-scans.js';
import { MailboxItemReceive } from '../print-mail/virtual-mailboxes/virtual-mailbox.schema.js';

const tags = ['Operator'];
/** A mailbox by id or by the number on the envelope (`1001`, `PMB 1001`). */
const MailboxRef = Type.Object({ mailbox: Type.String({ minLength: 1, maxLength: 100 }) });
const ListQuery = Type.Object({ status: Type.Optional(Type.Literal('pending_assignment')) });

/**
 * The mail room's API (`/operator/v1`, behind operatorGuard): what `postroom mailbox` does,
 * for a mail room that works from its own tools rather than a shell on the server.
 */
export const operatorRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/virtual_mailboxes', { schema: { tags, querystring: ListQuery } }, async (request) => {
    const data = await listForOperator(deps.pool, {
      pendingOnly: request.query.status === 'pending_assignment',
    });
    return { object: 'list', totalCount: data.length, data };
  });

  app.post(
    '/virtual_mailboxes/:mailbox/items',
    { schema: { tags, params: MailboxRef, body: MailboxItemReceive } },
    async (request, reply) => {
      const { envelope, contents, ...fields } = request.body;
      const item = await receiveForMailbox(deps, request.params.mailbox, {
        ...fields,
        envelope: scanBytes(envelope, 'envelope'),
        contents: scanBytes(contents, 'contents'),
      });
      return reply.code(201).send(item);
    },
  );

  app.post('/virtual_mailboxes/:mailbox/activation', { schema: { tags, params: MailboxRef } }, (request) =>
    activateMailbox(deps.pool, request.params.mailbox, deps.clock.now()),
  );
};
