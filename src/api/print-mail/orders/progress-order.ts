import type pg from 'pg';
import type { Scope } from '../../../db/scope.js';
import { apiError, notFound } from '../../../platform/errors.js';
import { testProgressionImb } from '../tracking/test-progress-imb.js';
import { changeOrder, type OrderContext } from './order-change.js';
import type { OrderKind } from './order-kind.js';
import { NEXT_STATUS } from './order-status.js';
import { lockOrder } from './orders.repo.js';

/**
 * Test mode only: moves an order one step (ready → printing → processed_for_delivery →
 * completed) so client tests need not wait for schedules. Nothing is printed in test mode,
 * so no print batch is involved; the automatic schedule is dropped once a test steps by hand.
 */
export async function progressOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  scope: Scope,
  id: string,
  ctx: OrderContext,
) {
  const row = await lockOrder(tx, kind, id, scope);
  if (!row) throw notFound(kind.name, id);
  if (scope.live)
    throw apiError('invalid_progression_error', 'Progressions are only available with a test key.');
  const next = NEXT_STATUS[row.status];
  if (!next) {
    throw apiError(
      'invalid_progression_error',
      `This ${kind.name} is ${row.status} and cannot progress further.`,
    );
  }
  const fields = testProgressionImb(kind, row, next, ctx.now);
  return changeOrder(tx, kind, row, { status: next, cause: 'progression', nextStepAt: null, fields }, ctx);
}
