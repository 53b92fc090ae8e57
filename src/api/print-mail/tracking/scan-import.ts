import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { composeStatement } from '../../../db/statement.js';
import { withTransaction } from '../../../db/tx.js';
import { type EventDoc, eventOf, eventsWriteParts } from '../events/record-event.js';
import type { OrderContext } from '../orders/order-change.js';
import { orderKind } from '../orders/order-kinds.js';
import { snapshotOf } from '../orders/order-snapshot.js';
import { wakeDispatchersAfterCommit } from '../webhooks/delivery/outbox.repo.js';
import { readScans, type ScanInput } from './scan-parse.js';
import type { Scan } from './scan-records.js';
import {
  applyBestScans,
  type BestScan,
  bestScansAfter,
  createBestScans,
  type ImbChanged,
  storeScans,
} from './scans.repo.js';

/** What an import did; the counts add up: records = of Postroom's barcodes + unknown barcodes. */
export interface ScanImportResult {
  records: number;
  /** Scans of barcodes Postroom issued. */
  ofOurBarcodes: number;
  /** Of those, scans not seen before (the rest were imported already). */
  newScans: number;
  alreadyImported: number;
  /** Scans of barcodes Postroom did not issue: counted, not errors. */
  unknownBarcodes: number;
  /** Scans whose codes mean no imbStatus (kept on the timeline, change nothing), and a few of them. */
  unknownCodes: number;
  unknownCodeExamples: Array<{ line: number; scanEventCode: string; operationCode: string }>;
  ordersUpdated: number;
}

const BATCH = 5000;

/**
 * Imports IV-MTR scan records (readScans: JSON or delimited) in one transaction: a file that
 * cannot be read to its end (a bad record, a cut file) changes nothing. Scans are stored in
 * batches of 5,000, one statement each, which also keeps each order's best new scan; the next
 * batch is read while the database works on the last. Then the orders are moved to what
 * their scans say, 5,000 at a time, each change with its `<kind>.updated` event, so webhooks
 * fire once it commits: an order the file moves twice (entered, then out for delivery)
 * changes once.
 */
export async function importScans(
  pool: Pool,
  input: ScanInput,
  ctx: OrderContext,
): Promise<ScanImportResult> {
  const result: ScanImportResult = {
    records: 0,
    ofOurBarcodes: 0,
    newScans: 0,
    alreadyImported: 0,
    unknownBarcodes: 0,
    unknownCodes: 0,
    unknownCodeExamples: [],
    ordersUpdated: 0,
  };
  return withTransaction(pool, async (tx) => {
    await createBestScans(tx);
    let inFlight: Promise<void> | undefined;
    let batch: Scan[] = [];
    try {
      for await (const scan of readScans(input)) {
        count(result, scan);
        batch.push(scan);
        if (batch.length < BATCH) continue;
        await inFlight;
        inFlight = storeBatch(tx, batch, result, ctx.now);
        batch = [];
      }
      await inFlight;
      if (batch.length) await storeBatch(tx, batch, result, ctx.now);
    } catch (err) {
      await inFlight?.catch(() => {});
      throw err;
    }
    await applyAll(tx, result, ctx);
    if (result.ordersUpdated) await wakeDispatchersAfterCommit(tx);
    return result;
  });
}

function count(result: ScanImportResult, scan: Scan): void {
  result.records++;
  if (scan.status) return;
  result.unknownCodes++;
  if (result.unknownCodeExamples.length < 10)
    result.unknownCodeExamples.push({
      line: scan.line,
      scanEventCode: scan.scanEventCode,
      operationCode: scan.operationCode,
    });
}

async function storeBatch(tx: pg.PoolClient, scans: Scan[], result: ScanImportResult, now: Date) {
  const stored = await storeScans(tx, scans, now);
  result.ofOurBarcodes += stored.matched;
  result.newScans += stored.inserted;
  result.alreadyImported += stored.matched - stored.inserted;
  result.unknownBarcodes += scans.length - stored.matched;
}

/** Every order with a new best scan, a chunk at a time, per kind: moved on where it says more. */
async function applyAll(tx: pg.PoolClient, result: ScanImportResult, ctx: OrderContext) {
  for (let after = ''; ; ) {
    const chunk = await bestScansAfter(tx, after, BATCH);
    if (!chunk.length) return;
    after = chunk[chunk.length - 1].orderId;
    const byKind = new Map<string, BestScan[]>();
    for (const b of chunk) {
      const same = byKind.get(b.orderKind);
      if (same) same.push(b);
      else byKind.set(b.orderKind, [b]);
    }
    for (const [name, best] of byKind) {
      const kind = orderKind(name as Parameters<typeof orderKind>[0]);
      const changed = await applyBestScans(tx, kind, best, ctx.now);
      result.ordersUpdated += changed.length;
      await writeEvents(tx, kind.updated, changed, ctx);
    }
  }
}

/** The `<kind>.updated` event of each changed order, one statement per organization and mode. */
async function writeEvents(
  tx: pg.PoolClient,
  type: EventDoc['type'],
  changed: ImbChanged[],
  ctx: OrderContext,
) {
  const groups = new Map<string, { orgId: string; live: boolean; events: EventDoc[] }>();
  for (const row of changed) {
    const doc = row.doc as ImbChanged['doc'] & { imbStatus: string; imbZipCode: string | null };
    const snapshot = snapshotOf(doc, { pdfKey: row.pdfKey, uploadedKey: row.uploadedKey }, ctx.signer);
    const updatedFields = [
      ...(doc.imbStatus !== row.wasStatus ? ['imbStatus'] : []),
      'imbDate',
      ...(doc.imbZipCode !== row.wasZip ? ['imbZipCode'] : []),
    ];
    const scope = { orgId: row.orgId, live: row.live };
    const key = `${row.orgId}/${row.live}`;
    const group = groups.get(key) ?? { ...scope, events: [] };
    group.events.push(eventOf(scope, { type, data: snapshot, updatedFields }, ctx.now));
    groups.set(key, group);
  }
  for (const g of groups.values())
    await tx.query(
      composeStatement(eventsWriteParts(g.orgId, g.live, g.events), { text: 'SELECT 1', values: [] }),
    );
}
