import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createPool, type Pool } from '../../src/db/pool.js';
import { afterCommit, FOLLOW_UP_GAP_MS, followUpCommitted, withTransaction } from '../../src/db/tx.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// afterCommit against real PostgreSQL: a NOTIFY registered inside a transaction is sent only
// once the transaction has committed, never for one that rolls back.
const CHANNEL = `postroom_tx_test_${process.pid}`;
let pool: Pool;
let listener: pg.Client;
const heard: string[] = [];
/** When each notification arrived (performance.now()), beside `heard`. */
const heardAt: number[] = [];

before(async () => {
  const url = await testDatabaseUrl();
  pool = createPool(url, { max: 3 });
  listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (n) => {
    heard.push(n.payload ?? '');
    heardAt.push(performance.now());
  });
  await listener.query(`LISTEN ${CHANNEL}`);
});

after(async () => {
  await listener.end();
  await pool.end();
});

const notify = (payload: string) => `SELECT pg_notify('${CHANNEL}', '${payload}')`;
const settle = () => new Promise((r) => setTimeout(r, 200));

test('a follow-up runs only after COMMIT', async () => {
  let visibleInside: string[] = [];
  await withTransaction(pool, async (tx) => {
    await afterCommit(tx, notify('committed'));
    // Not yet sent: still inside the transaction.
    await settle();
    visibleInside = [...heard];
  });
  await settle();
  assert.deepEqual(visibleInside, []);
  assert.deepEqual(heard, ['committed']);
});

test('a rolled-back transaction sends nothing', async () => {
  heard.length = 0;
  await assert.rejects(
    withTransaction(pool, async (tx) => {
      await afterCommit(tx, notify('rolled back'));
      throw new Error('boom');
    }),
    /boom/,
  );
  await settle();
  assert.deepEqual(heard, []);
});

test('outside a transaction it runs at once; a failing follow-up does not fail the commit', async () => {
  heard.length = 0;
  await afterCommit(pool, notify('now'));
  await settle();
  assert.deepEqual(heard, ['now']);
  const value = await withTransaction(pool, async (tx) => {
    await tx.query('SELECT 1');
    await afterCommit(tx, 'SELECT * FROM no_such_table_anywhere');
    return 42;
  });
  assert.equal(value, 42);
});

test('concurrent commits share wake-ups, and the last one sent sees every commit', async () => {
  heard.length = 0;
  const table = `tx_wake_${process.pid}`;
  await pool.query(`CREATE TABLE ${table} (n int)`);
  try {
    // Each wake-up reports how many commits it can see when it is sent.
    const wake = `SELECT pg_notify('${CHANNEL}', (SELECT count(*) FROM ${table})::text)`;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        withTransaction(pool, async (tx) => {
          await tx.query(`INSERT INTO ${table} VALUES ($1)`, [n]);
          await afterCommit(tx, wake);
        }),
      ),
    );
    await settle();
    assert.ok(heard.length >= 1 && heard.length <= 20, `${heard.length} wake-ups`);
    assert.equal(heard.at(-1), '20');
  } finally {
    await pool.query(`DROP TABLE ${table}`);
  }
});

test('followUpCommitted sends at once, unawaited, and coalesces wake-ups due together', async () => {
  heard.length = 0;
  followUpCommitted(pool, notify('alone'));
  await settle();
  assert.deepEqual(heard, ['alone']);
  heard.length = 0;
  await settle(); // past the gap of 'alone'
  heardAt.length = 0;
  const sentAt = performance.now();
  for (let i = 0; i < 10; i++) followUpCommitted(pool, notify('burst'));
  await settle();
  // The first is sent at once; the nine due within its gap are sent once, at the gap's end.
  assert.deepEqual(heard, ['burst', 'burst']);
  assert.ok(heardAt[1] - sentAt >= FOLLOW_UP_GAP_MS - 1, `second after ${heardAt[1] - sentAt} ms`);
});
