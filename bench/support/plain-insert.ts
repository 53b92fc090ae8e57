import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database's own ceiling for a contact create, measured beside the API in the same run: a
 * plain INSERT of the row POST /contacts writes (same table, indexes and count trigger), in
 * autocommit, from `concurrency` loops over a pool the size of the server's (POSTROOM_DB_POOL,
 * 20). What the API adds on top (HTTP, validation, idempotency, the statement's lookups) is
 * then a ratio that holds whatever the machine's day.
 */
export async function plainInsertRate(
  url: string,
  orgId: string,
  opts: { seconds?: number; concurrency?: number; poolSize?: number } = {},
): Promise<{ rps: number; p50: number; p99: number }> {
  const { seconds = 8, concurrency = 50, poolSize = 20 } = opts;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const until = Date.now() + seconds * 1000;
  const times: number[] = [];
  let n = 0;
  const one = async () => {
    const id = `contact_plain${randomBytes(9).toString('hex')}`;
    const now = new Date().toISOString();
    const doc = {
      id,
      object: 'contact',
      live: false,
      firstName: `Plain ${n++}`,
      addressLine1: `${n} Main St`,
      city: 'Boston',
      provinceOrState: 'MA',
      countryCode: 'US',
      addressStatus: 'verified',
      skipVerification: false,
      forceVerifiedStatus: false,
      createdAt: now,
      updatedAt: now,
    };
    const started = performance.now();
    await pool.query({
      name: 'plain-contact-insert',
      text: `INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
             VALUES ($1, $2, false, $3, $4, $5, $6, $6)`,
      values: [
        id,
        orgId,
        randomBytes(32).toString('base64url'),
        doc,
        `plain ${n} ${n} main st boston ma us verified`,
        now,
      ],
    });
    times.push(performance.now() - started);
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  await pool.end();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))] * 100) / 100;
  return { rps: Math.round(times.length / seconds), p50: at(0.5), p99: at(0.99) };
}
