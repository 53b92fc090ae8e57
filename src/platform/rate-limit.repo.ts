import type { Queryable } from '../db/pool.js';

export interface Lease {
  /** Whole tokens taken from the key's shared bucket (0: refused). */
  granted: number;
  /** What the shared bucket holds after this lease (below 1 when refused). */
  tokens: number;
}

/** Takes up to `want` tokens from the key's shared bucket (migrations/0050_shared_rate_limits.sql). */
export async function leaseTokens(
  db: Queryable,
  keyId: string,
  want: number,
  perSecond: number,
  burst: number,
  giveBack: number,
): Promise<Lease> {
  const res = await db.query('SELECT granted, tokens FROM take_rate_limit_tokens($1, $2, $3, $4, $5)', [
    keyId,
    want,
    perSecond,
    burst,
    giveBack,
  ]);
  return res.rows[0];
}
