import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { applyImport, stageScans } from '../../src/api/print-mail/tracking/scan-import.js';
import { preparePart, storePartSql } from '../../src/api/print-mail/tracking/scan-part.repo.js';
import { IMPORT_PARTS } from '../../src/api/print-mail/tracking/scan-stage.repo.js';
import { parseImbConfig } from '../../src/config/imb.js';
import { createUrlSigner } from '../../src/platform/signed-url.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { mailedLetter } from '../helpers/mail-tracking.js';

// A server of its own: what is tested is how the first import into a database whose
// imb_scans was analyzed empty is planned, so no other test may have stored scans first.
let server: TestServer;
let live: string;
before(async () => {
  server = await startTestServer({ imb: parseImbConfig({ POSTROOM_IMB_MAILER_ID: '987654321' }) });
  live = await server.key({ org: 'scan-plan-org', mode: 'live' });
});
after(() => server.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  Operation?: string;
  Plans?: PlanNode[];
}

/** Nodes that read all their input before giving their first row (or keep it for rescans). */
const READS_ALL_FIRST = new Set(['Sort', 'Hash', 'Materialize', 'Aggregate']);

/**
 * Where, below the insert into imb_scans, imb_scans itself is read in full again for each row
 * while the insert is adding to it: a sequential (or bitmap) scan of it as a nested loop's
 * inner side with nothing between that reads its input first.
 */
function growingRescans(node: PlanNode, inInsert = false, drained = false, out: string[] = []): string[] {
  const insert = node['Node Type'] === 'ModifyTable' && node['Relation Name'] === 'imb_scans';
  const under = inInsert || insert;
  const isDrained = drained || (under && READS_ALL_FIRST.has(node['Node Type']));
  for (const child of node.Plans ?? []) {
    const heapScan = child['Node Type'] === 'Seq Scan' || child['Node Type'] === 'Bitmap Heap Scan';
    if (
      under &&
      !isDrained &&
      node['Node Type'] === 'Nested Loop' &&
      child['Parent Relationship'] === 'Inner' &&
      heapScan &&
      child['Relation Name'] === 'imb_scans'
    )
      out.push(`${child['Node Type']} on imb_scans inside ${node['Node Type']}`);
    growingRescans(child, under, isDrained, out);
  }
  return out;
}

test('the first import into an imb_scans analyzed empty never rereads the table it is filling, and stores every scan', async () => {
  const pool = server.runtime.db.pool;
  const pieces = await Promise.all([0, 1, 2, 3].map(() => mailedLetter(server, live)));
  assert.equal((await pool.query('SELECT count(*)::int AS n FROM imb_scans')).rows[0].n, 0);
  // What autovacuum does to a new database's empty table: the planner now knows it as empty.
  await pool.query('ANALYZE imb_scans');
  const base = server.clock.now().getTime();
  const at = (hours: number) => new Date(base + hours * 3600_000).toISOString();
  const feed = [
    'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip\n',
    ...pieces.flatMap((p) =>
      Array.from({ length: 40 }, (_, h) => `${p.imb}|${at(10 + h)}|10|271|${String(12200 + h)}\n`),
    ),
  ];
  const ctx = {
    now: server.clock.now(),
    signer: createUrlSigner(Buffer.alloc(32, 7), 'http://127.0.0.1', server.clock),
  };
  const { importId, result } = await stageScans(pool, feed, ctx);
  assert.equal(result.records, 160);

  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    for (let part = 0; part < IMPORT_PARTS; part++) {
      await preparePart(db, part);
      const res = await db.query(`EXPLAIN (FORMAT JSON) ${storePartSql(importId)}`, [part, ctx.now]);
      const plan: PlanNode = res.rows[0]['QUERY PLAN'][0].Plan;
      assert.ok(
        JSON.stringify(plan).includes('"Relation Name":"imb_scans"'),
        'the plan inserts into imb_scans',
      );
      assert.deepEqual(growingRescans(plan), [], `part ${part}`);
      await db.query('DROP TABLE scan_best');
    }
  } finally {
    await db.query('ROLLBACK');
    db.release();
  }

  const counts = await applyImport(pool, importId, ctx, { orders: 20_000, appliers: 2 });
  assert.deepEqual([counts.matched, counts.inserted, counts.ordersUpdated], [160, 160, 4]);
  const stored = await pool.query(
    'SELECT order_id, count(*)::int AS n, min(scanned_at) AS first FROM imb_scans GROUP BY order_id',
  );
  assert.equal(stored.rows.length, 4);
  for (const row of stored.rows) {
    assert.equal(row.n, 40);
    assert.equal(new Date(row.first).toISOString(), at(10));
  }
});
