import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { applyImport, importScans, stageScans } from '../../src/api/print-mail/tracking/scan-import.js';
import { preparePart, storePartPlan } from '../../src/api/print-mail/tracking/scan-part.repo.js';
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
  Plans?: PlanNode[];
}

/** The node that inserts into imb_scans, wherever it sits in the plan. */
function insertNode(node: PlanNode): PlanNode | undefined {
  if (node['Node Type'] === 'ModifyTable' && node['Relation Name'] === 'imb_scans') return node;
  for (const child of node.Plans ?? []) {
    const found = insertNode(child);
    if (found) return found;
  }
  return undefined;
}

/** How the plan reads a table: the type of each node that scans it. */
function reads(node: PlanNode, table: string): string[] {
  const own =
    node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable' ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => reads(child, table))];
}

/** What a node reads its rows from, past the nodes that only pass them on (a projection). */
function source(node: PlanNode): string | undefined {
  let child = node.Plans?.length === 1 ? node.Plans[0] : undefined;
  while (child && ['Subquery Scan', 'Result'].includes(child['Node Type']) && child.Plans?.length === 1)
    child = child.Plans[0];
  return child?.['Node Type'];
}

test('the first import into an imb_scans analyzed empty reads what is stored before it inserts, and stores every scan once', async () => {
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
      const plan = (await storePartPlan(db, importId, part, ctx.now)) as PlanNode;
      // The planner takes imb_scans for empty, and it may have grown since (the other part
      // commits beside this one): a scan of all of it per order would be ruinous.
      assert.deepEqual(
        reads(plan, 'imb_scans').filter((type) => type === 'Seq Scan'),
        [],
        `part ${part}: imb_scans is read by its index only`,
      );
      const insert = insertNode(plan);
      assert.ok(insert, 'the plan inserts into imb_scans');
      // A sort gives its first row only once it has read all its input: every read of
      // imb_scans below it is over before the first scan is inserted.
      assert.equal(source(insert), 'Sort', `part ${part}: what the insert reads from`);
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
  // Imported again: each scan is found among its order's stored ones, none stored twice.
  const again = await importScans(pool, feed, ctx);
  assert.deepEqual([again.newScans, again.alreadyImported, again.ordersUpdated], [0, 160, 0]);
  assert.equal((await pool.query('SELECT count(*)::int AS n FROM imb_scans')).rows[0].n, 160);
});
