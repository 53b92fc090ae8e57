import type pg from 'pg';
import type { Scope } from '../../../platform/auth/authenticate.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { EventType } from './event-types.js';

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

/**
 * Records an event inside the caller's transaction, so the change and its event commit
 * together (or not at all). Every order create and client-visible change calls this.
 */
export async function recordEvent(
  tx: pg.PoolClient,
  scope: Scope,
  input: EventInput,
  now: Date,
): Promise<EventDoc> {
  const doc: EventDoc = {
    id: newId(ID_PREFIX.event),
    object: 'event',
    live: scope.live,
    type: input.type,
    data: input.data,
    ...(input.updatedFields ? { updatedFields: input.updatedFields } : {}),
    createdAt: now.toISOString(),
  };
  await tx.query(
    `INSERT INTO events (id, org_id, live, type, doc, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [
      doc.id,
      scope.orgId,
      scope.live,
      doc.type,
      doc,
      `${doc.type} ${input.data.id}`.toLowerCase(),
      doc.createdAt,
    ],
  );
  return doc;
}
