import type { Queryable } from '../../../db/pool.js';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { NamedStatement } from '../../../db/statement.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import type { EventDoc } from './record-event.js';

const TABLE = 'events';

/**
 * The event's row and its place in the webhook fan-out queue (webhook_outbox, claimed by
 * delivery/outbox.repo.ts), as two parts of one statement: one round trip per event on every
 * create and every render, or none of its own inside a larger composed statement. `orderId`
 * names the order of an order event, so its deliveries keep order.
 */
export function queuedEventParts(
  orgId: string,
  doc: EventDoc,
  searchText: string,
  orderId: string | undefined,
): NamedStatement[] {
  return [
    {
      name: 'event',
      statement: {
        text: `INSERT INTO events (id, org_id, live, type, doc, search_text, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       RETURNING id`,
        values: [doc.id, orgId, doc.live, doc.type, doc, searchText, doc.createdAt],
      },
    },
    {
      name: 'event_outbox',
      statement: {
        text: `INSERT INTO webhook_outbox (event_id, org_id, live, type, order_id)
       SELECT id, $1, $2, $3, $4 FROM event`,
        values: [orgId, doc.live, doc.type, orderId ?? null],
      },
    },
  ];
}

/**
 * The same for many events of one organization and mode at once: one multi-row insert into
 * each table (a campaign's page of order creates).
 */
export function queuedEventsParts(
  orgId: string,
  live: boolean,
  events: Array<{ doc: EventDoc; searchText: string; orderId: string | undefined }>,
): NamedStatement[] {
  const rows = events.map((e) => ({
    id: e.doc.id,
    type: e.doc.type,
    doc: e.doc,
    search_text: e.searchText,
    created_at: e.doc.createdAt,
    order_id: e.orderId ?? null,
  }));
  return [
    {
      name: 'events_rows',
      statement: {
        text: `SELECT * FROM jsonb_to_recordset($1::jsonb)
                 AS r(id text, type text, doc jsonb, search_text text, created_at timestamptz, order_id text)`,
        values: [JSON.stringify(rows)],
      },
    },
    {
      name: 'events',
      statement: {
        text: `INSERT INTO events (id, org_id, live, type, doc, search_text, created_at, updated_at)
       SELECT id, $1, $2, type, doc, search_text, created_at, created_at FROM events_rows`,
        values: [orgId, live],
      },
    },
    {
      name: 'events_outbox',
      statement: {
        text: `INSERT INTO webhook_outbox (event_id, org_id, live, type, order_id)
       SELECT id, $1, $2, type, order_id FROM events_rows`,
        values: [orgId, live],
      },
    },
  ];
}

export const getEventDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, TABLE, scope, id);

/** Newest first; `types` (when given) keeps events of any of those types. */
export const listEventDocs = (
  db: Queryable,
  scope: Scope,
  query: ListQuery,
  search: Search | undefined,
  types: string[] | undefined,
) => listDocs(db, TABLE, scope, query, search, types ? [{ field: 'type', values: types }] : []);

/** Events by id, parsed, for delivery (which has no scope: the ids come from its own jobs). */
export async function findEventsByIds(db: Queryable, ids: string[]): Promise<Map<string, EventDoc>> {
  const res = await db.query('SELECT id, doc FROM events WHERE id = ANY($1)', [ids]);
  return new Map(res.rows.map((r) => [r.id as string, r.doc as EventDoc]));
}
