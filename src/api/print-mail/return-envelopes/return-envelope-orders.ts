import type pg from 'pg';
import { getDoc, insertDoc, lockDoc, replaceDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { ID_PREFIX } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import { newDocument } from '../documents/document-envelope.js';
import { recordEvent } from '../events/record-event.js';
import type { ReturnEnvelopeOrder, ReturnEnvelopeOrderCreate } from './return-envelope.schema.js';
import { addEnvelopes } from './return-envelopes.repo.js';

export const ORDERS_TABLE = 'return_envelope_orders';

const searchable = (doc: ReturnEnvelopeOrder) =>
  searchTextOf({ id: doc.id, e: doc.returnEnvelope, s: doc.status, d: doc.description, m: doc.metadata });

/** An order of more envelopes: `placed`, then `filled` (they become available) or `cancelled`. */
export async function placeEnvelopeOrder(
  tx: pg.PoolClient,
  scope: Scope,
  envelopeId: string,
  input: ReturnEnvelopeOrderCreate,
  now: Date,
): Promise<ReturnEnvelopeOrder> {
  if (!(await getDoc(tx, 'return_envelopes', scope, envelopeId)))
    throw notFound('return_envelope', envelopeId);
  checkMetadata(input.metadata);
  const doc: ReturnEnvelopeOrder = newDocument(
    'return_envelope_order',
    ID_PREFIX.returnEnvelopeOrder,
    { scope, now },
    input,
    { returnEnvelope: envelopeId, status: 'placed', quantityOrdered: input.quantityOrdered },
  );
  await insertDoc(tx, ORDERS_TABLE, scope, doc, searchable(doc));
  await recordEvent(tx, scope, { type: 'return_envelope_order.created', data: doc }, now);
  return doc;
}

/** One envelope's order, locked for a change; 404 when it is not that envelope's (or the caller's). */
async function lockEnvelopeOrder(tx: pg.PoolClient, scope: Scope, envelopeId: string, orderId: string) {
  const order = await lockDoc<ReturnEnvelopeOrder>(tx, ORDERS_TABLE, scope, orderId);
  if (!order || order.returnEnvelope !== envelopeId) throw notFound('return_envelope_order', orderId);
  return order;
}

async function changeEnvelopeOrder(
  tx: pg.PoolClient,
  scope: Scope,
  order: ReturnEnvelopeOrder,
  fields: Partial<ReturnEnvelopeOrder>,
  now: Date,
): Promise<ReturnEnvelopeOrder> {
  const doc = { ...order, ...fields, updatedAt: now.toISOString() };
  await replaceDoc(tx, ORDERS_TABLE, scope, doc, searchable(doc));
  const updatedFields = Object.keys(fields);
  await recordEvent(tx, scope, { type: 'return_envelope_order.updated', data: doc, updatedFields }, now);
  return doc;
}

/** Cancels an order while it is placed; a filled or cancelled one is a 422. */
export async function cancelEnvelopeOrder(
  tx: pg.PoolClient,
  scope: Scope,
  envelopeId: string,
  orderId: string,
  now: Date,
): Promise<ReturnEnvelopeOrder> {
  const order = await lockEnvelopeOrder(tx, scope, envelopeId, orderId);
  if (order.status !== 'placed')
    throw apiError(
      'order_not_cancellable_error',
      `Only placed envelope orders can be cancelled; this one is ${order.status}.`,
    );
  return changeEnvelopeOrder(tx, scope, order, { status: 'cancelled' }, now);
}

/**
 * Test mode only: the order is filled at once, as a print shop would fill a live one, and its
 * envelopes become available in the same transaction.
 */
export async function fillEnvelopeOrder(
  tx: pg.PoolClient,
  scope: Scope,
  envelopeId: string,
  orderId: string,
  now: Date,
): Promise<ReturnEnvelopeOrder> {
  const order = await lockEnvelopeOrder(tx, scope, envelopeId, orderId);
  if (scope.live)
    throw apiError('return_envelope_order_cannot_fill_error', 'Fills are only available with a test key.');
  if (order.status !== 'placed')
    throw apiError(
      'return_envelope_order_cannot_fill_error',
      `Only placed orders can be filled; this one is ${order.status}.`,
    );
  await addEnvelopes(tx, scope, envelopeId, order.quantityOrdered, now);
  return changeEnvelopeOrder(
    tx,
    scope,
    order,
    { status: 'filled', quantityFilled: order.quantityOrdered },
    now,
  );
}
