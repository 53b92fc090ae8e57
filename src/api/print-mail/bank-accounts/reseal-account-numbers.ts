import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import type { DataKeys } from '../../../platform/data-keys.js';
import { lockSealedNumbers, replaceSealedNumber } from './bank-accounts.repo.js';

/**
 * Rotation, second step: every account number sealed with an older key is opened and sealed
 * again with the current one, in one transaction (all or nothing). Returns how many moved.
 */
export async function resealAccountNumbers(
  pool: Pool,
  keys: DataKeys,
): Promise<{ resealed: number; total: number }> {
  return withTransaction(pool, async (tx) => {
    const rows = await lockSealedNumbers(tx);
    let resealed = 0;
    for (const { id, sealed } of rows) {
      if (sealed.k === keys.currentId) continue;
      await replaceSealedNumber(tx, id, keys.seal(keys.open(sealed)));
      resealed++;
    }
    return { resealed, total: rows.length };
  });
}
