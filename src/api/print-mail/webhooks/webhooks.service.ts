import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../platform/auth/authenticate.js';
import { invalid, notFound } from '../../../platform/errors.js';
import { ID_PREFIX, newId, randomBase58 } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { EVENT_TYPES, isEventType } from '../events/event-types.js';
import type { Webhook, WebhookCreate, WebhookUpdate } from './webhook.schema.js';
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

export const MIN_SECRET_LENGTH = 20;

function checkEvents(types: string[]): string[] {
  const unknown = types.find((t) => !isEventType(t));
  if (unknown !== undefined)
    throw invalid(
      'enabledEvents',
      `contains "${unknown}", which is not an event type (known: ${EVENT_TYPES.join(', ')}).`,
    );
  return [...new Set(types)];
}

function checkSecret(secret: string | undefined): string | undefined {
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH)
    throw invalid('secret', `must be at least ${MIN_SECRET_LENGTH} characters.`);
  return secret;
}

const searchText = ({ secret: _s, id: _i, createdAt: _c, updatedAt: _u, ...rest }: Webhook) =>
  searchTextOf(rest);

export async function createWebhook(
  db: Queryable,
  input: WebhookCreate,
  ctx: WebhookContext,
): Promise<Webhook> {
  const url = await checkWebhookUrl(input.url, ctx.allowPrivateUrls);
  const enabledEvents = checkEvents(input.enabledEvents);
  checkMetadata(input.metadata);
  const stamp = ctx.now.toISOString();
  const doc: Webhook = {
    id: newId(ID_PREFIX.webhook),
    object: 'webhook',
    live: ctx.scope.live,
    url,
    enabledEvents,
    enabled: input.enabled ?? true,
    ...(input.description ? { description: input.description } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    payloadFormat: input.payloadFormat ?? 'jwt',
    secret: checkSecret(input.secret) ?? `webhook_secret_${randomBase58(32)}`,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await insertWebhook(db, ctx.scope, doc, searchText(doc));
  return doc;
}

/** Applies the fields sent; `null` removes description or metadata. Run in a transaction. */
export async function updateWebhook(db: Queryable, id: string, patch: WebhookUpdate, ctx: WebhookContext) {
  const current = await lockWebhook(db, ctx.scope, id);
  if (!current) throw notFound('webhook', id);
  const next: Webhook = { ...current, updatedAt: ctx.now.toISOString() };
  if (patch.url !== undefined) next.url = await checkWebhookUrl(patch.url, ctx.allowPrivateUrls);
  if (patch.enabledEvents !== undefined) next.enabledEvents = checkEvents(patch.enabledEvents);
  if (patch.enabled !== undefined) next.enabled = patch.enabled;
  if (patch.payloadFormat !== undefined) next.payloadFormat = patch.payloadFormat;
  if (patch.secret !== undefined) next.secret = checkSecret(patch.secret)!;
  for (const field of ['description', 'metadata'] as const) {
    if (patch[field] === null) delete next[field];
    else if (patch[field] !== undefined) (next as Record<string, unknown>)[field] = patch[field];
  }
  checkMetadata(next.metadata);
  await replaceWebhook(db, ctx.scope, next, searchText(next));
  return next;
}

export async function getWebhook(db: Queryable, scope: Scope, id: string): Promise<string> {
  const doc = await getWebhookDoc(db, scope, id);
  if (!doc) throw notFound('webhook', id);
  return doc;
}

/** Removes the webhook and its invocations; deliveries still queued for it are dropped. */
export async function deleteWebhook(db: Queryable, scope: Scope, id: string) {
  if (!(await deleteWebhookAndInvocations(db, scope, id))) throw notFound('webhook', id);
  return { id, object: 'webhook' as const, deleted: true as const };
}
