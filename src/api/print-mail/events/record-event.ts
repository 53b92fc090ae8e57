import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';
import { composeStatement, type NamedStatement } from '../../../db/statement.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { wakeDispatchersAfterCommit } from '../webhooks/delivery/outbox.repo.js';
import { type EventType, isOrderEventType } from './event-types.js';
import { queuedEventParts, queuedEventsParts } from './events.repo.js';

export interface EventInput {
  type: EventType;
  /** The resource snapshot after the change. */
  data: { id: string } & Record<string, unknown>;
  /** Names of the fields that changed (absent on `.created`). */
  updatedFields?: string[];
}

export interface EventDoc {
  id: string;
  object: 'event';
  live: boolean;
  type: EventType;
  data: Record<string, unknown>;
  updatedFields?: string[];
  createdAt: string;
}

/** The event a change records, not yet written (recordEvent, or eventWriteParts in a larger statement). */
export function eventOf(scope: Scope, input: EventInput, now: Date): EventDoc {
  return {
    id: newId(ID_PREFIX.event),
    object: 'event',
    live: scope.live,
    type: input.type,
    data: input.data,
    ...(input.updatedFields ? { updatedFields: input.updatedFields } : {}),
    createdAt: now.toISOString(),
  };
}

const searchTextOfEvent = (doc: EventDoc) => `${doc.type} ${doc.data.id}`.toLowerCase();
const orderIdOf = (doc: EventDoc) => (isOrderEventType(doc.type) ? (doc.data.id as string) : undefined);

/**
 * The parts of a composed statement (db/statement.ts) that write `event` and queue it for
 * webhook delivery. Whoever runs them wakes the dispatchers once the statement has committed.
 */
export function eventWriteParts(orgId: string, event: EventDoc): NamedStatement[] {
  return queuedEventParts(orgId, event, searchTextOfEvent(event), orderIdOf(event));
}

/** The same for many events of one organization and mode (orders/order-create-many.ts). */
export function eventsWriteParts(orgId: string, live: boolean, events: EventDoc[]): NamedStatement[] {
  return queuedEventsParts(
    orgId,
    live,
    events.map((doc) => ({ doc, searchText: searchTextOfEvent(doc), orderId: orderIdOf(doc) })),
  );
}

/**
 * Records an event on its own statement inside the caller's transaction, so a change and its
 * event commit together (or not at all), for a change not written as one composed statement
 * (orders write theirs with eventWriteParts). The event is also queued for webhook delivery:
 * the dispatcher is woken when the transaction commits and fans it out within milliseconds.
 */
export async function recordEvent(
  tx: pg.PoolClient,
  scope: Scope,
  input: EventInput,
  now: Date,
): Promise<EventDoc> {
  const doc = eventOf(scope, input, now);
  await tx.query(composeStatement(eventWriteParts(scope.orgId, doc), { text: 'SELECT 1', values: [] }));
  await wakeDispatchersAfterCommit(tx);
  return doc;
}
