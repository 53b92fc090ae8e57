import type { Pool, Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { notFound } from '../../../platform/errors.js';
import { ID_PREFIX, randomBase58 } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import type { Webhook, WebhookCreate, WebhookUpdate } from './webhook.schema.js';
import { checkEvents, checkSecret } from './webhook-checks.js';
import { checkWebhookUrl } from './webhook-url.js';
import {
  deleteWebhookAndInvocations,
  getWebhookDoc,
  insertWebhook,
  lockWebhook,
  replaceWebhook,
} from './webhooks.repo.js';

export interface WebhookContext {
  scope: Scope;
  now: Date;
  allowPrivateUrls: boolean;
}

const searchText = ({ secret: _s, id: _i, createdAt: _c, updatedAt: _u, ...rest }: Webhook) =>
  searchTextOf(rest);

/**
 * Validates a create and builds the webhook. Called before the create's transaction opens:
 * the URL check may wait on DNS, which must not hold a connection.
 */
export async function buildWebhook(input: WebhookCreate, ctx: WebhookContext): Promise<Webhook> {
  const url = await checkWebhookUrl(input.url, ctx.allowPrivateUrls);
  const enabledEvents = checkEvents(input.enabledEvents);
  checkMetadata(input.metadata);
  return newDocument('webhook', ID_PREFIX.webhook, ctx, input, {
    url,
    enabledEvents,
    enabled: input.enabled ?? true,
    payloadFormat: input.payloadFormat ?? 'jwt',
    secret: checkSecret(input.secret) ?? `webhook_secret_${randomBase58(32)}`,
  });
}

export async function saveNewWebhook(db: Queryable, scope: Scope, doc: Webhook): Promise<Webhook> {
  await insertWebhook(db, scope, doc, searchText(doc));
  return doc;
}

/** Applies the fields sent (`null` removes description or metadata); the URL is checked before locking. */
export async function updateWebhook(pool: Pool, id: string, patch: WebhookUpdate, ctx: WebhookContext) {
  const url = patch.url === undefined ? undefined : await checkWebhookUrl(patch.url, ctx.allowPrivateUrls);
  return withTransaction(pool, async (tx) => {
    const current = await lockWebhook(tx, ctx.scope, id);
    if (!current) throw notFound('webhook', id);
    const next = applyPatch(current, { ...patch, url }, ctx.now);
    await replaceWebhook(tx, ctx.scope, next, searchText(next));
    return next;
  });
}

function applyPatch(current: Webhook, patch: WebhookUpdate, now: Date): Webhook {
  const next: Webhook = { ...current, updatedAt: now.toISOString() };
  if (patch.url !== undefined) next.url = patch.url;
  if (patch.enabledEvents !== undefined) next.enabledEvents = checkEvents(patch.enabledEvents);
  if (patch.enabled !== undefined) next.enabled = patch.enabled;
  if (patch.payloadFormat !== undefined) next.payloadFormat = patch.payloadFormat;
  if (patch.secret !== undefined) next.secret = checkSecret(patch.secret)!;
  for (const field of ['description', 'metadata'] as const) {
    if (patch[field] === null || patch[field] === '') delete next[field];
    else if (patch[field] !== undefined) (next as Record<string, unknown>)[field] = patch[field];
  }
  checkMetadata(next.metadata);
  return next;
}

export async function getWebhook(db: Queryable, scope: Scope, id: string): Promise<string> {
  const doc = await getWebhookDoc(db, scope, id);
  if (!doc) throw notFound('webhook', id);
  return doc;
}

/** Removes the webhook and its invocations; attempts still queued for it find nothing and stop. */
export async function deleteWebhook(db: Queryable, scope: Scope, id: string) {
  if (!(await deleteWebhookAndInvocations(db, scope, id))) throw notFound('webhook', id);
  return { id, object: 'webhook' as const, deleted: true as const };
}
