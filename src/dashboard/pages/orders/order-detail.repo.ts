import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import type { Transition } from '../../../api/print-mail/orders/order-status.js';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';

export interface OrderDetail {
  id: string;
  status: string;
  doc: Record<string, any>;
  pdfKey: string | null;
  transitions: Transition[];
}

/** One order of the page's organization and mode, with what its page shows beside the doc. */
export async function orderDetail(
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  id: string,
): Promise<OrderDetail | undefined> {
  const res = await db.query(
    `SELECT id, status, doc, pdf_key AS "pdfKey", transitions FROM ${kind.table}
     WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0];
}

/** The order's events, oldest first (the containment uses the events' jsonb index). */
export async function orderEvents(
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<Array<{ id: string; type: string; createdAt: string }>> {
  const res = await db.query(
    `SELECT id, type, doc->>'createdAt' AS "createdAt" FROM events
     WHERE org_id = $1 AND live = $2 AND doc @> $3::jsonb ORDER BY created_at, id LIMIT 200`,
    [scope.orgId, scope.live, JSON.stringify({ data: { id } })],
  );
  return res.rows;
}
