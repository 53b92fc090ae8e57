/**
 * Re-runs a whole transaction that PostgreSQL aborted as a deadlock victim (40P01) or a
 * serialization failure (40001). The transaction rolled back whole (an Idempotency-Key claim
 * with it), so running it again is safe. Row locks are taken in a consistent order (see
 * migrations/0004), so this is a safety net, not the normal path.
 */
export async function retryTransient<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
