import assert from 'node:assert/strict';
import type { TestServer } from './harness.js';
import { LETTERS, letterBody } from './letters.js';
import { waitForOrder } from './orders.js';

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
