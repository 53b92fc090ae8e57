import { boxKind } from '../boxes/box.kind.js';
import { chequeKind } from '../cheques/cheque.kind.js';
import { letterKind } from '../letters/letter.kind.js';
import { postcardKind } from '../postcards/postcard.kind.js';
import { selfMailerKind } from '../self-mailers/self-mailer.kind.js';
import { snapPackKind } from '../snap-packs/snap-pack.kind.js';
import type { OrderKind } from './order-kind.js';

/**
 * The order kinds this server serves, in one list: the routes, the lifecycle jobs and print
 * batching work on each. A new kind is its folder, a migration line and a line here.
 */
export const ORDER_KINDS = Object.freeze([
  letterKind,
  postcardKind,
  selfMailerKind,
  snapPackKind,
  chequeKind,
  boxKind,
] as const) satisfies readonly OrderKind[];

/** The `object` of each kind: the names are the descriptors', not a list of their own. */
export type OrderKindName = (typeof ORDER_KINDS)[number]['name'];

/** The kind of an order id (`self_mailer_...` → self mailers), or undefined for any other id. */
export function orderKindOfId(id: string): OrderKind | undefined {
  return ORDER_KINDS.find((k) => id.startsWith(`${k.name}_`) && !id.slice(k.name.length + 1).includes('_'));
}

export function orderKind(name: string): OrderKind {
  const kind = ORDER_KINDS.find((k): k is (typeof ORDER_KINDS)[number] => k.name === name);
  if (!kind) throw new Error(`unknown order kind ${name}`);
  return kind;
}
