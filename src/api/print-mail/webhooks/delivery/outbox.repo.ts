import type { Pool, Queryable } from '../../../../db/pool.js';
import { afterCommit, followUpCommitted } from '../../../../db/tx.js';

/** The schema this pool works in: the delivery pool and the NOTIFY channel follow it. */
export async function currentSchema(db: Queryable): Promise<string> {
  return (await db.query('SELECT current_schema() AS schema')).rows[0].schema;
}

/** The NOTIFY channel of a schema, named as queueForWebhooks names it: each schema wakes its own workers. */
export const outboxChannel = (schema: string) => `postroom_webhooks_${schema}`;

const WAKE_DISPATCHERS = "SELECT pg_notify('postroom_webhooks_' || current_schema(), '')";

/**
 * Wakes the dispatchers for events queued in the caller's transaction (events.repo.ts
 * queuedEventParts writes the outbox row with the event) with a NOTIFY sent after that
 * transaction commits, so workers wake when the event is visible and the NOTIFY does not
 * serialise commits (see afterCommit). Dispatchers also poll, so a lost wake-up only delays.
 */
export async function wakeDispatchersAfterCommit(tx: Queryable): Promise<void> {
  await afterCommit(tx, WAKE_DISPATCHERS);
}

/** The same after a write that committed on its own (one composed statement on the pool). */
export function wakeDispatchersCommitted(pool: Pool): void {
  followUpCommitted(pool, WAKE_DISPATCHERS);
}

export interface Fanout {
  seq: number;
  eventId: string;
  orderId: string | null;
  /** Every webhook subscribed when the event was fanned out (enabled, same org and mode, type enabled). */
  webhookIds: string[];
}

/** The webhooks subscribed to an outbox row `o` (enabled, same org and mode, type enabled). */
const SUBSCRIBED = `w.org_id = o.org_id AND w.live = o.live
  AND (w.doc ->> 'enabled')::boolean AND w.doc -> 'enabledEvents' ? o.type`;

/**
 * Deletes, in one statement and without a transaction, those of the next `limit` queued events
 * that no webhook subscribes to (most events, for an organization without webhooks): they need
 * no delivery job, so nothing has to commit with their claim. Returns how many it dropped and
 * how many of the rows it looked at do have subscribers (for claimFanouts).
 * The rows to delete are named by `seq = ANY (ARRAY(...))`, which always finds them through the
 * primary key: with `seq IN (...)` and stale statistics (a busy outbox between autovacuums)
 * the planner may choose a hash join over a scan of the whole table, dead rows included.
 */
export async function dropUnsubscribed(
  db: Queryable,
  limit: number,
): Promise<{ dropped: number; subscribed: number }> {
  const res = await db.query({
    name: 'drop-unsubscribed-events',
    text: `WITH next AS (
       SELECT seq, EXISTS (SELECT 1 FROM webhooks w WHERE ${SUBSCRIBED}) AS subscribed
       FROM (SELECT seq, org_id, live, type FROM webhook_outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED) o
     ),
     dropped AS (DELETE FROM webhook_outbox WHERE seq = ANY (ARRAY(SELECT seq FROM next WHERE NOT subscribed)) RETURNING seq)
     SELECT (SELECT count(*) FROM dropped)::int AS dropped,
            (SELECT count(*) FROM next WHERE subscribed)::int AS subscribed`,
    values: [limit],
  });
  return res.rows[0];
}

/**
 * Claims up to `limit` queued events (skipping rows another worker holds), deletes them and
 * returns those that have subscribers, each with its webhooks. Run it in the transaction that
 * enqueues the deliveries, so claim and enqueue commit together. (`= ANY (ARRAY(...))`: see
 * dropUnsubscribed.)
 */
export async function claimFanouts(
  tx: Queryable,
  limit: number,
): Promise<{ claimed: number; fanouts: Fanout[] }> {
  const res = await tx.query(
    `WITH claimed AS (
       DELETE FROM webhook_outbox WHERE seq = ANY (ARRAY(
         SELECT seq FROM webhook_outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED))
       RETURNING seq, event_id, org_id, live, type, order_id
     )
     SELECT o.seq, o.event_id, o.order_id, array_remove(array_agg(w.id), NULL) AS webhook_ids
     FROM claimed o LEFT JOIN webhooks w ON ${SUBSCRIBED}
     GROUP BY o.seq, o.event_id, o.order_id
     ORDER BY o.seq`,
    [limit],
  );
  const fanouts = res.rows
    .filter((r) => r.webhook_ids.length > 0)
    .map((r) => ({
      seq: Number(r.seq),
      eventId: r.event_id,
      orderId: r.order_id,
      webhookIds: r.webhook_ids,
    }));
  return { claimed: res.rows.length, fanouts };
}
