import { invalid } from '../../../platform/errors.js';
import { EVENT_TYPES, isEventType } from '../events/event-types.js';

export const MIN_SECRET_LENGTH = 20;

/** enabledEvents must name known types (reserved ones included); duplicates are dropped. */
export function checkEvents(types: string[]): string[] {
  const unknown = types.find((t) => !isEventType(t));
  if (unknown !== undefined)
    throw invalid(
      'enabledEvents',
      `contains "${unknown}", which is not an event type (known: ${EVENT_TYPES.join(', ')}).`,
    );
  return [...new Set(types)];
}

export function checkSecret(secret: string | undefined): string | undefined {
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH)
    throw invalid('secret', `must be at least ${MIN_SECRET_LENGTH} characters.`);
  return secret;
}
