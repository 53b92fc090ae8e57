import assert from 'node:assert/strict';
import { main } from '../../src/cli/main.js';
import type { TestServer } from './harness.js';
import { LETTERS, letterBody } from './letters.js';
import { waitForOrder } from './orders.js';
import { testDatabaseUrl } from './test-database.js';

/** Points the in-process CLI (`postroomHere`) at the test server's database and schema. */
export async function cliOnServer(server: TestServer): Promise<void> {
  // The server's own database where the harness makes one per file (databaseUrl), else the shared one.
  const own = (server as { databaseUrl?: string }).databaseUrl;
  const url = new URL(own ?? (await testDatabaseUrl()));
  url.searchParams.set('options', `-c search_path=${server.schema},public`);
  process.env.DATABASE_URL = url.toString();
}

/** Runs `postroom ARGV...` in this process, capturing what it prints. */
export async function postroomHere(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => out.push(a.join(' '));
  console.error = (...a: unknown[]) => err.push(a.join(' '));
  try {
    return { code: await main(argv), out: out.join('\n'), err: err.join('\n') };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** A rendered live letter and its barcode as scanned (tracking + routing). */
export async function mailedLetter(
  server: TestServer,
  key: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; imb: string }> {
  const res = await server.request('POST', LETTERS, { key, json: letterBody(body) });
  assert.equal(res.status, 201, res.text);
  await waitForOrder(server, key, LETTERS, res.body.id);
  const { rows } = await server.runtime.db.pool.query(
    'SELECT tracking, routing FROM imb_barcodes WHERE order_id = $1',
    [res.body.id],
  );
  return { id: res.body.id, imb: rows[0].tracking + rows[0].routing };
}
