import type { EventType } from '../events/event-types.js';

/**
 * The order kinds the shared order code works on. Each has a table with the layout of
 * migrations/0011_letters.sql; postcards, cheques and self mailers add a row here.
 */
export interface OrderKind {
  name: 'letter';
  table: 'letters';
  created: EventType;
  updated: EventType;
}

export const ORDER_KINDS = Object.freeze({
  letter: { name: 'letter', table: 'letters', created: 'letter.created', updated: 'letter.updated' },
} satisfies Record<string, OrderKind>);

export type OrderKindName = keyof typeof ORDER_KINDS;

export function orderKind(name: string): OrderKind {
  const kind = ORDER_KINDS[name as OrderKindName];
  if (!kind) throw new Error(`unknown order kind ${name}`);
  return kind;
}
