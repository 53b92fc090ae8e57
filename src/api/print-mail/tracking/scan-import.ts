import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { OrderContext } from '../orders/order-change.js';
import { orderKind } from '../orders/order-kinds.js';
import { wakeDispatchersAfterCommit } from '../webhooks/delivery/outbox.repo.js';
import {
  applyBestChunk,
  bestKinds,
  type ImbChanged,
  type ScanEvent,
  writeScanEvents,
} from './scan-apply.repo.js';
import { readScans, type ScanInput } from './scan-parse.js';
import type { Scan } from './scan-records.js';
import { createImportTables, gatherBest, stageChunk, stageText, storeStaged } from './scan-stage.repo.js';

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

/** How much of an import each statement takes (smaller only in tests, to cross chunks). */
export interface ImportChunks {
  /** Scans staged and stored per statement: big enough that a statement's fixed cost vanishes. */
  scans: number;
  /** Orders moved (and their events written) per statement. */
  orders: number;
}
const CHUNKS: ImportChunks = { scans: 50_000, orders: 20_000 };

/**
 * Imports IV-MTR scan records (readScans: JSON or delimited) in one transaction: a file that
 * cannot be read to its end (a bad record, a cut file) changes nothing. The file goes to the
 * database 50,000 scans at a time, COPY'd into a staging table and stored from there in one
 * statement, which also keeps each order's best new scan; the next chunk is read while the
 * database works on the last. Then the orders are moved to what their scans say, a chunk at
 * a time, each change with its `<kind>.updated` event, so webhooks fire once it commits: an
 * order the file moves twice (entered, then out for delivery) changes once.
 */
export async function importScans(
  pool: Pool,
  input: ScanInput,
  ctx: OrderContext,
  chunks: ImportChunks = CHUNKS,
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
    await createImportTables(tx);
    await storeAll(tx, input, result, ctx.now, chunks.scans);
    await gatherBest(tx);
    await applyAll(tx, result, ctx, chunks.orders);
    if (result.ordersUpdated) await wakeDispatchersAfterCommit(tx);
    return result;
  });
}

/**
 * Reads the file and stores its scans, a chunk in the database while the next is read. The
 * chunk's COPY is awaited before reading on: a COPY sent while the parser holds the event
 * loop reaches the database in pieces, between parsed batches, and took four times as long
 * (docs/benchmarks.md, *Mail tracking*); the statement storing it then runs while the next
 * chunk is parsed.
 */
async function storeAll(
  tx: pg.PoolClient,
  input: ScanInput,
  result: ScanImportResult,
  now: Date,
  chunk: number,
) {
  let inFlight: Promise<void> | undefined;
  let copyText = '';
  let staged = 0;
  const flush = async () => {
    await inFlight;
    const [text, n] = [copyText, staged];
    [copyText, staged] = ['', 0];
    await stageChunk(tx, text);
    inFlight = storeChunk(tx, n, result, now);
  };
  try {
    for await (const scans of readScans(input)) {
      count(result, scans);
      copyText += stageText(scans);
      staged += scans.length;
      if (staged >= chunk) await flush();
    }
    if (staged) await flush();
    await inFlight;
  } catch (err) {
    await inFlight?.catch(() => {});
    throw err;
  }
}

function count(result: ScanImportResult, scans: Scan[]): void {
  result.records += scans.length;
  for (const scan of scans) {
    if (scan.status) continue;
    result.unknownCodes++;
    if (result.unknownCodeExamples.length < 10)
      result.unknownCodeExamples.push({
        line: scan.line,
        scanEventCode: scan.scanEventCode,
        operationCode: scan.operationCode,
      });
  }
}

/** Stores the staged chunk of `n` scans and counts what became of them. */
async function storeChunk(tx: pg.PoolClient, n: number, result: ScanImportResult, now: Date) {
  const stored = await storeStaged(tx, now);
  result.ofOurBarcodes += stored.matched;
  result.newScans += stored.inserted;
  result.alreadyImported += stored.matched - stored.inserted;
  result.unknownBarcodes += n - stored.matched;
}

/**
 * Every order with a new best scan, per kind, a chunk at a time: moved on, with its event.
 * The next chunk's orders move while this chunk's events are made here (ids, signed links),
 * so the database does not wait for them.
 */
async function applyAll(tx: pg.PoolClient, result: ScanImportResult, ctx: OrderContext, chunk: number) {
  for (const name of await bestKinds(tx)) {
    const kind = orderKind(name as Parameters<typeof orderKind>[0]);
    let next = applyBestChunk(tx, kind, '', chunk, ctx.now);
    for (;;) {
      const { last, changed } = await next;
      if (last === undefined) break;
      next = applyBestChunk(tx, kind, last, chunk, ctx.now);
      result.ordersUpdated += changed.length;
      if (!changed.length) continue;
      const events = changed.map((c) => eventFor(c, ctx));
      try {
        await writeScanEvents(tx, kind, events, ctx.now);
      } catch (err) {
        // The next chunk was sent first: if it failed, it is why the events could not be written.
        const nextFailure = await next.then(
          () => undefined,
          (e: unknown) => e,
        );
        throw nextFailure ?? err;
      }
    }
  }
}

/** The event of a moved order: `updatedFields` names imbStatus and imbZipCode only when they changed. */
function eventFor(row: ImbChanged, ctx: OrderContext): ScanEvent {
  const links: Record<string, string> = {};
  if (row.uploadedKey) links.uploadedPDF = ctx.signer.urlFor(row.uploadedKey);
  if (row.pdfKey) links.url = ctx.signer.urlFor(row.pdfKey);
  return {
    id: newId(ID_PREFIX.event),
    orderId: row.id,
    links: JSON.stringify(links),
    updatedFields: [
      ...(row.status !== row.wasStatus ? ['imbStatus'] : []),
      'imbDate',
      ...(row.zip !== row.wasZip ? ['imbZipCode'] : []),
    ],
  };
}
