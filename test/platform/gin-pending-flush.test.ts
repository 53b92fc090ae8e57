import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createPool, type Pool } from '../../src/db/pool.js';
import { flushGinPendingLists, startGinPendingFlush } from '../../src/jobs/gin-pending-flush.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

// The background merge of GIN pending lists, against real PostgreSQL: it merges what inserts
// left pending in its own schema's indexes, and nothing in another schema's.
const mine = `gin_flush_${process.pid}`;
const other = `gin_flush_other_${process.pid}`;
let pool: Pool;
let otherPool: Pool;

const makeTable = async (p: Pool) => {
  await p.query('CREATE TABLE docs (doc jsonb NOT NULL)');
  await p.query('CREATE INDEX docs_doc ON docs USING gin (doc jsonb_path_ops) WITH (fastupdate = on)');
};
// Enough distinct keys to fill pending-list pages (each insert appends there, not to the index).
const fill = (p: Pool) =>
  p.query(
    `INSERT INTO docs SELECT jsonb_build_object('n', i, 'tag', 'tag-' || i, 'city', md5(i::text))
       FROM generate_series(1, 3000) i`,
  );
const pendingPagesMerged = async (p: Pool) =>
  (await p.query<{ pages: number }>(`SELECT gin_clean_pending_list('docs_doc'::regclass)::int AS pages`))
    .rows[0].pages;

before(async () => {
  const url = await testDatabaseUrl();
  pool = createPool(url, { max: 2, schema: mine });
  otherPool = createPool(url, { max: 1, schema: other });
  await pool.query(`CREATE SCHEMA ${mine}`);
  await pool.query(`CREATE SCHEMA ${other}`);
  await makeTable(pool);
  await makeTable(otherPool);
});

after(async () => {
  await pool.query(`DROP SCHEMA ${mine} CASCADE`);
  await pool.query(`DROP SCHEMA ${other} CASCADE`);
  await otherPool.end();
  await pool.end();
});

test('a flush merges the pending lists of its own schema only', async () => {
  await fill(pool);
  await fill(otherPool);
  const merged = await flushGinPendingLists(pool);
  assert.ok(merged > 0, `expected pending pages to merge, got ${merged}`);
  assert.equal(await flushGinPendingLists(pool), 0, 'a second flush finds nothing pending');
  assert.equal(await pendingPagesMerged(pool), 0);
  // The other schema's index still has its pending list.
  assert.ok((await pendingPagesMerged(otherPool)) > 0);
  // The rows are all findable through the index after the merge.
  await pool.query('SET enable_seqscan = off');
  const found = await pool.query(`SELECT count(*)::int AS n FROM docs WHERE doc @> '{"tag":"tag-2999"}'`);
  assert.equal(found.rows[0].n, 1);
});

test('the background loop merges while it runs, and stop() waits for its pass', async () => {
  await fill(pool);
  const logged: string[] = [];
  const loop = startGinPendingFlush({ pool, intervalSec: 1, log: (_o, msg) => logged.push(msg) });
  await new Promise((r) => setTimeout(r, 2500));
  await loop.stop();
  assert.equal(await pendingPagesMerged(pool), 0, 'the loop left nothing pending');
  assert.deepEqual(logged, []);
});

test('an interval of 0 starts no loop', async () => {
  await fill(pool);
  const loop = startGinPendingFlush({ pool, intervalSec: 0, log: () => {} });
  await new Promise((r) => setTimeout(r, 1200));
  await loop.stop();
  assert.ok((await pendingPagesMerged(pool)) > 0, 'nothing merged the list');
});
