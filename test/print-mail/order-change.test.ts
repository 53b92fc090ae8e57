import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { letterKind } from '../../src/api/print-mail/letters/letter.kind.js';
import { changeOrderIfUnchanged } from '../../src/api/print-mail/orders/order-change.js';
import { readOrder } from '../../src/api/print-mail/orders/orders.repo.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { systemClock } from '../../src/platform/clock.js';
import { createUrlSigner } from '../../src/platform/signed-url.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';

// changeOrderIfUnchanged (orders/order-change.ts) is how the render job records a render in one
// statement, without a lock: it must write the change and its event only while the order is
// still what was read, and write nothing at all otherwise.
const kind = letterKind;
const ctx = () => ({
  now: new Date(),
  signer: createUrlSigner(Buffer.alloc(32, 7), 'http://127.0.0.1:1', systemClock),
});
const rendered = { pdfKey: 'letters/test/rendered.pdf', fields: { pageCount: 3 } };

let server: TestServer;
let pool: Pool;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  pool = createPool(server.databaseUrl, { max: 3, schema: server.schema });
  key = await server.key({ org: 'order-change' });
});

after(async () => {
  await pool.end();
  await server.close();
});

async function newLetter(): Promise<string> {
  const res = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

const updatedEvents = async (id: string) =>
  (
    await pool.query(
      `SELECT e.doc->'updatedFields' AS fields, o.event_id IS NOT NULL AS queued
       FROM events e LEFT JOIN webhook_outbox o ON o.event_id = e.id
       WHERE e.type = 'letter.updated' AND e.doc->'data'->>'id' = $1 ORDER BY e.created_at`,
      [id],
    )
  ).rows;

describe('an order change written only if the order is unchanged', () => {
  test('unchanged: the row, its event and its webhook queue entry in one statement', async () => {
    const id = await newLetter();
    const row = await readOrder(pool, kind, id);
    assert.ok(row);
    assert.equal(await changeOrderIfUnchanged(pool, kind, row, rendered, ctx()), true);
    assert.equal(row.pdfKey, rendered.pdfKey, 'the caller row is kept current');
    const stored = (await pool.query('SELECT pdf_key, doc FROM letters WHERE id = $1', [id])).rows[0];
    assert.equal(stored.pdf_key, rendered.pdfKey);
    assert.equal(stored.doc.pageCount, 3);
    assert.deepEqual(await updatedEvents(id), [{ fields: ['pageCount', 'url'], queued: true }]);
    // Done once, the version read is no longer current: a second write (a retried job) gives up.
    assert.equal(await changeOrderIfUnchanged(pool, kind, row, rendered, ctx()), false);
    assert.equal((await updatedEvents(id)).length, 1);
  });

  test('changed since it was read (cancelled): nothing written, not even the event', async () => {
    const id = await newLetter();
    const row = await readOrder(pool, kind, id);
    assert.ok(row);
    const cancelled = await server.request('DELETE', `${LETTERS}/${id}`, { key });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(await changeOrderIfUnchanged(pool, kind, row, rendered, ctx()), false);
    const stored = (await pool.query('SELECT pdf_key, status FROM letters WHERE id = $1', [id])).rows[0];
    assert.deepEqual(stored, { pdf_key: null, status: 'cancelled' });
    const events = await updatedEvents(id);
    assert.equal(events.length, 1, 'only the cancel');
    assert.ok(!events[0].fields.includes('url'));
  });

  test('changed by a transaction it waited for: gives up; one that rolled back: written', async () => {
    for (const ending of ['COMMIT', 'ROLLBACK'] as const) {
      const id = await newLetter();
      const row = await readOrder(pool, kind, id);
      assert.ok(row);
      const other = await pool.connect();
      try {
        await other.query('BEGIN');
        await other.query(`UPDATE letters SET doc = doc || '{"description":"meanwhile"}' WHERE id = $1`, [
          id,
        ]);
        const otherPid = (await other.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        const pending = changeOrderIfUnchanged(pool, kind, row, rendered, ctx());
        for (let i = 0; ; i++) {
          const waiting = await pool.query(
            'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
            [otherPid],
          );
          if (waiting.rows.length) break;
          assert.ok(i < 200, 'the change never waited on the other transaction');
          await sleep(25);
        }
        await other.query(ending);
        assert.equal(await pending, ending === 'ROLLBACK', ending);
      } finally {
        other.release();
      }
      const stored = (await pool.query('SELECT pdf_key FROM letters WHERE id = $1', [id])).rows[0];
      assert.equal(stored.pdf_key, ending === 'ROLLBACK' ? rendered.pdfKey : null, ending);
      assert.equal((await updatedEvents(id)).length, ending === 'ROLLBACK' ? 1 : 0, ending);
    }
  });
});
