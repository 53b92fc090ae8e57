import type { Contact } from '../contacts/contact.schema.js';
import type { MailingClass } from './mailing-class.js';
import type { OrderCreateBase } from './order-base.schema.js';
import type { OrderKind } from './order-kind.js';

/** What create decided, beside the request. */
export interface OrderFacts {
  id: string;
  live: boolean;
  /** `to`, and `from` and the kind's other contact fields when the order has them. */
  contacts: Record<string, Contact>;
  mailingClass: MailingClass;
  sendDate: Date;
  now: Date;
}

const OPTIONAL = ['express', 'mergeVariables', 'metadata', 'description'] as const;

/**
 * The order as stored and returned: the fields every order shares around the kind's own.
 * Tracking fields are present from the start, null until there is something to say.
 */
export function orderDoc(kind: OrderKind, input: OrderCreateBase, content: unknown, f: OrderFacts) {
  const stamp = f.now.toISOString();
  return {
    id: f.id,
    object: kind.name,
    live: f.live,
    status: 'ready' as const,
    to: f.contacts.to,
    ...(f.contacts.from ? { from: f.contacts.from } : {}),
    ...Object.fromEntries(
      (kind.otherContacts ?? []).filter((k) => f.contacts[k]).map((k) => [k, f.contacts[k]]),
    ),
    ...kind.fields(input, content, f.contacts),
    mailingClass: f.mailingClass,
    sendDate: f.sendDate.toISOString(),
    ...Object.fromEntries(OPTIONAL.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])),
    imbStatus: null,
    imbDate: null,
    imbZipCode: null,
    trackingNumber: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** What free-text search looks through: the doc without the kind's markup fields. */
export function searchableDoc(kind: OrderKind, doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !kind.unsearchable.includes(k)));
}
