import type { Queryable } from '../../../db/pool.js';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { Webhook } from './webhook.schema.js';

const TABLE = 'webhooks';

export async function insertWebhook(db: Queryable, scope: Scope, doc: Webhook, searchText: string) {
  await db.query(
    `INSERT INTO webhooks (id, org_id, live, doc, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.createdAt],
  );
}

/** The parsed webhook, locked for an update in the caller's transaction. */
export async function lockWebhook(db: Queryable, scope: Scope, id: string): Promise<Webhook | undefined> {
  const res = await db.query(
    'SELECT doc FROM webhooks WHERE id = $1 AND org_id = $2 AND live = $3 FOR UPDATE',
    [id, scope.orgId, scope.live],
  );
  return res.rows[0]?.doc;
}

export async function replaceWebhook(db: Queryable, scope: Scope, doc: Webhook, searchText: string) {
  await db.query(
    `UPDATE webhooks SET doc = $4, search_text = $5, updated_at = $6
     WHERE id = $1 AND org_id = $2 AND live = $3`,
    [doc.id, scope.orgId, scope.live, doc, searchText, doc.updatedAt],
  );
}

export const getWebhookDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, TABLE, scope, id);
export const listWebhookDocs = (db: Queryable, scope: Scope, query: ListQuery, search: Search | undefined) =>
  listDocs(db, TABLE, scope, query, search);

/** Deletes the webhook and its invocations in one statement; false when there was none. */
export async function deleteWebhookAndInvocations(db: Queryable, scope: Scope, id: string): Promise<boolean> {
  const res = await db.query(
    `WITH gone AS (DELETE FROM webhooks WHERE id = $1 AND org_id = $2 AND live = $3 RETURNING id),
     invocations AS (DELETE FROM webhook_invocations WHERE webhook_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0].n > 0;
}

/** Webhooks by id with their organization, for delivery: re-read so a disable or delete takes effect. */
export async function findWebhooksByIds(
  db: Queryable,
  ids: string[],
): Promise<Map<string, { orgId: string; webhook: Webhook }>> {
  const res = await db.query('SELECT id, org_id, doc FROM webhooks WHERE id = ANY($1)', [ids]);
  return new Map(
    res.rows.map((r) => [r.id as string, { orgId: r.org_id as string, webhook: r.doc as Webhook }]),
  );
}
