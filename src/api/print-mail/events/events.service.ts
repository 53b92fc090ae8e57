import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { invalid, notFound } from '../../../platform/errors.js';
import type { EventListQuery } from './event.schema.js';
import { EVENT_TYPES, isEventType } from './event-types.js';
import { getEventDoc } from './events.repo.js';

/** `type=a,b`, `type=a&type=b` and `type[]=a` all mean "any of these"; undefined keeps all. */
export function typeFilter(query: EventListQuery): string[] | undefined {
  const values = [...(query.type ?? []), ...(query['type[]'] ?? [])]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) return undefined;
  const unknown = values.find((v) => !isEventType(v));
  if (unknown !== undefined)
    throw invalid('type', `"${unknown}" is not an event type (known: ${EVENT_TYPES.join(', ')}).`);
  return [...new Set(values)];
}

export async function getEvent(db: Queryable, scope: Scope, id: string): Promise<string> {
  const doc = await getEventDoc(db, scope, id);
  if (!doc) throw notFound('event', id);
  return doc;
}
