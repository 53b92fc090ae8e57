import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareJsonbKeys, inJsonbOrder } from '../../src/platform/jsonb-order.js';
import { startTestServer } from '../helpers/harness.js';

test('keys sort as PostgreSQL keeps them in jsonb: shorter first, then by UTF-8 bytes', async () => {
  const value = {
    object: 1,
    id: 2,
    metadata: { zeta: 1, b: 2, ä: 3, aa: 4 },
    to: [{ lastName: 1, city: 2 }],
    live: 3,
  };
  const server = await startTestServer({}, { workers: false });
  try {
    const { rows } = await server.runtime.db.pool.query('SELECT $1::jsonb::text AS t', [
      JSON.stringify(value),
    ]);
    assert.equal(
      JSON.stringify(inJsonbOrder(value)),
      rows[0].t.replace(/": /g, '":').replace(/, "/g, ',"').replace(/, \{/g, ',{'),
    );
  } finally {
    await server.close();
  }
  assert.ok(compareJsonbKeys('zz', 'ä') < 0, 'two UTF-8 bytes each: compared by bytes (7a before c3)');
  assert.ok(compareJsonbKeys('ä', 'zz') > 0);
  assert.ok(compareJsonbKeys('b', 'ä') < 0, 'one byte before two');
});
