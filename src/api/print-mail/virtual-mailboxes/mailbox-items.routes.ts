import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { runCreate } from '../../../platform/idempotency.js';
import { idPattern } from '../../../platform/ids.js';
import { jsonbText } from '../../../platform/jsonb-order.js';
import { ListQuery, listBody, parseSearch } from '../../../platform/lists.js';
import { documented, sendJson } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import { mailboxAddress } from './mailbox-address.js';
import { presentItem } from './mailbox-item-present.js';
import { discardItemFiles, type PreparedItem, prepareItem, writeItem } from './mailbox-item-receive.js';
import {
  MailboxAddress,
  MailboxItem,
  MailboxItemCreate,
  type StoredMailboxItem,
} from './virtual-mailbox.schema.js';
import { getMailbox, ITEMS_TABLE, type MailboxRow } from './virtual-mailboxes.repo.js';

const tags = ['Virtual mailboxes'];
const mailboxId = Type.String({ pattern: idPattern('virtual_mailbox') });
const MailboxParams = Type.Object({ id: mailboxId });
const ItemsParams = Type.Object({ virtualMailbox: mailboxId });
const ItemParams = Type.Object({
  virtualMailbox: mailboxId,
  id: Type.String({ pattern: idPattern('virtual_mailbox_item') }),
});
const Item = documented(MailboxItem);

/**
 * A mailbox's `/address` and its items: list and get (scans as fresh signed links) and, with a
 * test key, `POST .../items` to pretend a piece of mail arrived (real mail is recorded by the
 * mail room: api/operator/).
 */
export const virtualMailboxRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/virtual_mailboxes/:id/address',
    { schema: { tags, params: MailboxParams, response: { 200: MailboxAddress } } },
    (request) => activeAddress(deps, scopeOf(request), request.params.id),
  );
  app.post(
    '/virtual_mailboxes/:virtualMailbox/items',
    { schema: { tags, params: ItemsParams, body: MailboxItemCreate, response: { 201: Item } } },
    (request, reply) => createTestItem(deps, request, reply, request.params.virtualMailbox, request.body),
  );
  app.get(
    '/virtual_mailboxes/:virtualMailbox/items',
    { schema: { tags, params: ItemsParams, querystring: ListQuery } },
    async (request, reply) =>
      sendJson(reply, await itemsList(deps, scopeOf(request), request.params.virtualMailbox, request.query)),
  );
  app.get(
    '/virtual_mailboxes/:virtualMailbox/items/:id',
    { schema: { tags, params: ItemParams, response: { 200: Item } } },
    async (request, reply) => {
      const { virtualMailbox, id } = request.params;
      return sendJson(reply, await itemText(deps, scopeOf(request), virtualMailbox, id));
    },
  );
};

async function mailboxOf(deps: AppDeps, scope: Scope, id: string): Promise<MailboxRow> {
  const mailbox = await getMailbox(deps.pool, scope, id);
  if (!mailbox) throw notFound('virtual_mailbox', id);
  return mailbox;
}

/** An item as the API shows it: its scans as fresh signed links. */
const shown = (deps: AppDeps, item: StoredMailboxItem) => jsonbText(presentItem(item, deps.signer));

async function activeAddress(deps: AppDeps, scope: Scope, id: string) {
  const mailbox = await mailboxOf(deps, scope, id);
  if (mailbox.doc.status !== 'active')
    throw apiError(
      'virtual_mailbox_status_error',
      `Virtual mailbox ${mailbox.doc.id} is ${mailbox.doc.status}: it has an address once the mail room activates it.`,
    );
  return mailboxAddress(deps.config.mailroomAddress, mailbox.pmb);
}

/** Its files are stored before the create's transaction, so a create that writes no item removes them. */
async function createTestItem(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  mailboxId: string,
  input: MailboxItemCreate,
) {
  const scope = scopeOf(request);
  const mailbox = await mailboxOf(deps, scope, mailboxId);
  if (scope.live)
    throw apiError(
      'test_mode_only_error',
      'Test items can only be created with a test key; live items are the mail the mail room receives.',
    );
  const prepared: PreparedItem = await prepareItem(deps, mailbox, input, { test: true });
  try {
    await runCreate(deps.pool, request, reply, async (tx) => ({
      statusCode: 201,
      body: await writeItem(tx, deps, prepared, request.auth.orgCountryCode),
    }));
  } catch (err) {
    await discardItemFiles(deps, prepared);
    throw err;
  }
  // An Idempotency-Key replay answered the first item and wrote nothing: these files go.
  if (reply.getHeader('idempotent-replayed') === 'true') await discardItemFiles(deps, prepared);
  return reply;
}

async function itemsList(
  deps: AppDeps,
  scope: Scope,
  virtualMailbox: string,
  query: ListQuery,
): Promise<string> {
  await mailboxOf(deps, scope, virtualMailbox);
  const { totalCount, docs } = await listDocs(
    deps.pool,
    ITEMS_TABLE,
    scope,
    query,
    parseSearch(query.search),
    [{ field: 'virtualMailbox', values: [virtualMailbox] }],
  );
  return listBody(
    query,
    totalCount,
    docs.map((text) => shown(deps, JSON.parse(text))),
  );
}

/** The item, when it is the named mailbox's: another mailbox's item is a 404 here. */
async function itemText(deps: AppDeps, scope: Scope, virtualMailbox: string, id: string): Promise<string> {
  const text = await getDoc(deps.pool, ITEMS_TABLE, scope, id);
  const item: StoredMailboxItem | undefined = text ? JSON.parse(text) : undefined;
  if (!item || item.virtualMailbox !== virtualMailbox) throw notFound('virtual_mailbox_item', id);
  return shown(deps, item);
}
