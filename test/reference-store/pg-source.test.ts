import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Queryable } from '../../src/db/pool.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { PgSource } from '../../src/reference-store/pg-source.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

let server: TestServer;

before(async () => {
  server = await startTestServer();
  await importPoints(server.runtime.db.pool, writeFixture('pg-source.csv', LOUISVILLE_CSV));
});
after(() => server.close());

/** The pool, counting the point queries (ZIP blocks and street look-ups) that reach PostgreSQL. */
function counted(): { db: Queryable; reads: () => number } {
  const pool = server.runtime.db.pool;
  let reads = 0;
  const db = {
    query: (text: string, values?: unknown[]) => {
      if (/FROM address_points\b/.test(text)) reads++;
      return pool.query(text, values);
    },
  } as Queryable;
  return { db, reads: () => reads };
}

test('prefetch reads many ZIP blocks in one query; later reads come from the cache', async () => {
  const { db, reads } = counted();
  const source = new PgSource(db);
  await source.prefetch(['40205', '40202', '40208', '40205']);
  assert.equal(reads(), 1);
  const block = await source.block('40205');
  assert.deepEqual([...(block?.streets.keys() ?? [])].sort(), ['NEWBURG RD', 'WADSWORTH AVE']);
  assert.equal((await source.block('40202'))?.size, 3);
  assert.equal(reads(), 1);
});

test('concurrent reads of a cold ZIP share one query', async () => {
  const { db, reads } = counted();
  const source = new PgSource(db);
  const blocks = await Promise.all([source.block('40229'), source.block('40229'), source.block('40229')]);
  assert.equal(reads(), 1);
  assert.ok(blocks.every((b) => b === blocks[0] && b?.zip === '40229'));
});

test('the cache drops the least recently used ZIP first', async () => {
  const { db, reads } = counted();
  // 40205 holds 4 points, 40202 3, 40208 1: a budget of 8 keeps all three, a fourth ZIP evicts.
  const source = new PgSource(db, { maxPoints: 8 });
  await source.block('40205');
  await source.block('40202');
  await source.block('40208');
  await source.block('40205'); // used again: now 40202 is the oldest
  assert.equal(reads(), 3);
  await source.block('40229');
  await source.block('40205');
  assert.equal(reads(), 4, '40205 stayed cached');
  await source.block('40202');
  assert.equal(reads(), 5, '40202 was dropped and read again');
});

test('street-only look-ups are cached', async () => {
  const { db, reads } = counted();
  const source = new PgSource(db);
  assert.deepEqual(await source.zipsWithStreet('KY', 'NEWBURG'), ['40205']);
  assert.deepEqual(await source.zipsWithStreet('KY', 'NEWBURG'), ['40205']);
  assert.equal(reads(), 1);
});

test('a read in flight when the caches are cleared still answers, and is not cached', async () => {
  const { db, reads } = counted();
  const source = new PgSource(db);
  const pending = source.block('40229');
  source.invalidate(); // as after an import: the read began before it
  assert.equal((await pending)?.zip, '40229');
  await source.block('40229');
  assert.equal(reads(), 2, 'read again: the first read may predate the import');
});
