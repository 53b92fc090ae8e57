/**
 * Re-runs a whole create transaction when PostgreSQL aborted it as a deadlock victim (40P01)
 * or a serialization failure (40001). An order create inserts several counted rows (two inline
 * contacts, the order, its event); the row-count trigger picks a random stripe for each, so two
 * concurrent creates can lock stripes in opposite orders. The transaction rolled back whole, so
 * running it again is safe (an Idempotency-Key claim rolled back with it).
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
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
