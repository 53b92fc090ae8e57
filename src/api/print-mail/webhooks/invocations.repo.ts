import type { Queryable } from '../../../db/pool.js';
import { listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { type ListQuery, type Search, searchTextOf } from '../../../platform/lists.js';
import type { WebhookInvocation } from './webhook.schema.js';

export interface InvocationRow {
  orgId: string;
  live: boolean;
  attempt: number;
  doc: WebhookInvocation;
  /** Why no 200 came, for operators: timeout, refused address, connection error. */
  error?: string;
  responseExcerpt?: string;
}

/** One multi-row insert for a batch of attempts. */
export async function insertInvocations(db: Queryable, rows: InvocationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO webhook_invocations
       (id, org_id, live, webhook_id, event_id, attempt, doc, error, response_excerpt, search_text,
        created_at, updated_at)
     SELECT r.doc ->> 'id', r.org_id, r.live, r.doc ->> 'webhook', r.doc ->> 'event', r.attempt, r.doc,
            r.error, r.response_excerpt, r.search_text, (r.doc ->> 'createdAt')::timestamptz,
            (r.doc ->> 'createdAt')::timestamptz
     FROM jsonb_to_recordset($1::jsonb)
       AS r(org_id text, live boolean, attempt smallint, doc jsonb, error text, response_excerpt text,
            search_text text)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          org_id: r.orgId,
          live: r.live,
          attempt: r.attempt,
          doc: r.doc,
          error: r.error ?? null,
          response_excerpt: r.responseExcerpt ?? null,
          search_text: searchTextOf(r.doc),
        })),
      ),
    ],
  );
}

export const listInvocationDocs = (
  db: Queryable,
  scope: Scope,
  webhookId: string,
  query: ListQuery,
  search: Search | undefined,
) => listDocs(db, 'webhook_invocations', scope, query, search, [{ field: 'webhook', values: [webhookId] }]);
