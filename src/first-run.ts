import fs from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from './db/pool.js';
import { withTransaction } from './db/tx.js';
import { PRODUCTS } from './platform/auth/api-key.js';
import { createKey } from './platform/auth/keys.repo.js';
import { countOrganizations, ensureOrganization } from './platform/auth/organizations.repo.js';

export const DEFAULT_ORG = 'default';
const FIRST_RUN_LOCK = 72_190_002;

/**
 * On first start with an empty database: a default organization and one test secret key per
 * product, so a new user can call the API at once. The keys are printed and written to a
 * 0600 file in the data dir. Returns the keys, or nothing when the database was not empty.
 */
export async function firstRun(pool: Pool, dataDir: string): Promise<Record<string, string> | undefined> {
  const keys = await withTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_RUN_LOCK]);
    if ((await countOrganizations(tx)) > 0) return undefined;
    const org = await ensureOrganization(tx, DEFAULT_ORG);
    const out: Record<string, string> = {};
    for (const product of PRODUCTS)
      out[product] = (await createKey(tx, org.id, 'test', product, 'secret')).key;
    return out;
  });
  if (!keys) return undefined;
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'first-run-keys.txt');
  const text = Object.entries(keys)
    .map(([product, key]) => `${product} test secret key: ${key}`)
    .join('\n');
  await fs.writeFile(file, `${text}\n`, { mode: 0o600 });
  return keys;
}
