import type { Queryable } from '../db/pool.js';

/** Returns the named secret, creating it with `generate` the first time (first writer wins). */
export async function loadSecret(db: Queryable, name: string, generate: () => Buffer): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    generate(),
  ]);
  const res = await db.query('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return res.rows[0].value;
}
