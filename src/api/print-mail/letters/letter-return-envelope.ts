import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { apiError, invalid } from '../../../platform/errors.js';
import type { OrderClaim } from '../orders/order-kind.js';
import type { OrderRow } from '../orders/orders.repo.js';
import {
  claimEnvelopeStatement,
  envelopeAvailable,
  releaseEnvelope,
} from '../return-envelopes/return-envelopes.repo.js';

const unavailable = (id: string) =>
  apiError(
    'return_envelope_unavailable_error',
    `Return envelope ${id} has none available: order more (POST /return_envelopes/${id}/orders) and wait for the order to be filled.`,
  );

/** At create: the letter's return envelope is the caller's and has one available (a clear 4xx otherwise). */
export async function checkReturnEnvelope(db: Queryable, scope: Scope, id: string): Promise<void> {
  const available = await envelopeAvailable(db, scope, id);
  if (available === undefined)
    throw invalid('returnEnvelope', `refers to return envelope ${id}, which does not exist.`);
  if (available < 1) throw unavailable(id);
}

/** The envelope the letter takes, in its create statement: never below 0, one letter per envelope. */
export function returnEnvelopeClaims(
  { input }: { input: { returnEnvelope?: string } },
  scope: Scope,
  now: Date,
): OrderClaim[] {
  const id = input.returnEnvelope;
  return id ? [{ statement: claimEnvelopeStatement(scope, id, now), refused: unavailable(id) }] : [];
}

/** A cancelled letter never used its envelope: it becomes available again. */
export async function releaseReturnEnvelope(db: Queryable, row: OrderRow, now: Date): Promise<void> {
  const id = (row.doc as { returnEnvelope?: string }).returnEnvelope;
  if (id) await releaseEnvelope(db, { orgId: row.orgId, live: row.live }, id, now);
}
