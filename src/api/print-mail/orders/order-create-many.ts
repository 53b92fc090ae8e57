import type pg from 'pg';
import { jobInsertStatement } from '../../../db/job-insert.js';
import { composeStatement, type NamedStatement } from '../../../db/statement.js';
import type { Contact } from '../contacts/contact.schema.js';
import { eventsWriteParts } from '../events/record-event.js';
import { wakeDispatchersAfterCommit } from '../webhooks/delivery/outbox.repo.js';
import { type OrderCreateContext, orderCreate, type PreparedOrder } from './order-service.js';
import { insertOrdersStatement } from './orders.repo.js';

/**
 * Whether a prepared order can be written with others (insertOrdersTogether): its contacts
 * are all stored ones given by id (nothing to insert, patch or check), and it claims nothing
 * (a claim that does not hold must refuse that order alone).
 */
export function writesTogether(order: PreparedOrder, ctx: OrderCreateContext): boolean {
  const stored = Object.values(order.contacts).every((c) => 'stored' in c && !c.guessedFrom);
  return stored && (order.kind.claims?.(order, ctx.scope, ctx.now) ?? []).length === 0;
}

/**
 * Writes prepared orders of one kind (each writesTogether) in the caller's transaction as one
 * statement: one multi-row insert per table (the orders, their `.created` events and webhook
 * queue entries, their render and step jobs) and the caller's own `parts` (a campaign's
 * cursor rows), so a page of a campaign's orders is one round trip, not several per order,
 * and they exist exactly when the parts' rows do. The rows are counted with one counter
 * update per table, not one per row (migration 0037), and the dispatchers are woken at commit.
 */
export async function insertOrdersTogether(
  tx: pg.PoolClient,
  orders: PreparedOrder[],
  ctx: OrderCreateContext,
  parts: NamedStatement[] = [],
): Promise<void> {
  if (orders.length === 0) {
    if (parts.length) await tx.query(composeStatement(parts, { text: 'SELECT 1', values: [] }));
    return;
  }
  const kind = orders[0].kind;
  const { scope } = ctx;
  const creates = orders.map((order) => {
    if (order.kind !== kind) throw new Error('orders written together are of one kind');
    const contacts: Record<string, Contact> = {};
    for (const [party, c] of Object.entries(order.contacts)) {
      if (!('stored' in c)) throw new Error(`${order.id}'s ${party} is not a stored contact`);
      contacts[party] = c.stored;
    }
    return orderCreate(order, contacts, [], ctx).create;
  });
  const statement = composeStatement(
    [
      {
        name: 'new_orders',
        statement: insertOrdersStatement(
          kind,
          scope,
          creates.map((c) => c.row),
        ),
      },
      ...eventsWriteParts(
        scope.orgId,
        scope.live,
        creates.map((c) => c.event),
      ),
      {
        name: 'new_jobs',
        statement: await jobInsertStatement(
          ctx.boss,
          creates.flatMap((c) => c.jobs),
        ),
      },
      {
        name: 'counted',
        statement: {
          text: `INSERT INTO resource_counts AS c (org_id, live, resource, stripe, n)
                 VALUES ($1, $2, $3, (pg_backend_pid() % 64)::smallint, $4),
                        ($1, $2, 'events', (pg_backend_pid() % 64)::smallint, $4)
                 ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = c.n + EXCLUDED.n`,
          values: [scope.orgId, scope.live, kind.table, creates.length],
        },
      },
      ...parts,
    ],
    { text: 'SELECT 1', values: [] },
  );
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'on'");
  await tx.query(statement);
  await tx.query("SET LOCAL postroom.count_rows_in_bulk = 'off'");
  await wakeDispatchersAfterCommit(tx);
}
