import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { OrderContext } from '../orders/order-change.js';
import { orderKind } from '../orders/order-kinds.js';
import { wakeDispatchersAfterCommit } from '../webhooks/delivery/outbox.repo.js';
import {
  type BestOrder,
  bestKinds,
  moveBestChunk,
  readBestChunk,
  type ScanEvent,
} from './scan-apply.repo.js';
import { readScans, type ScanInput } from './scan-parse.js';
import {
  claimPart,
  finishPart,
  importCounts,
  type PartCounts,
  preparePart,
  storePart,
  waitForParts,
} from './scan-part.repo.js';
import type { Scan } from './scan-records.js';
import { createStage, IMPORT_PARTS, openStage, stageTable, stageText } from './scan-stage.repo.js';

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

/** How an import is split (smaller only in tests, to cross chunks and run parts at once). */
export interface ImportChunks {
  /**
   * Above this many scans, a file's parts are applied at once, each on its own connection;
   * a push of a few scans takes one.
   */
  parallelAbove: number;
  /** Orders moved (and their events written) per statement. */
  orders: number;
}
const CHUNKS: ImportChunks = { parallelAbove: 50_000, orders: 20_000 };

/**
 * Imports IV-MTR scan records (readScans: JSON or delimited) in two steps. First the whole file
 * is staged, in one transaction: a file that cannot be read to its end (a bad record, a cut
 * file) changes nothing. Then it is applied in parts (scan-stage.repo.ts IMPORT_PARTS), each in
 * its own transaction, two at once for a file of more than a chunk: each part's scans stored,
 * and its orders moved to what their scans say, each change with its `<kind>.updated` event, so
 * webhooks fire as each part commits; an order the file moves twice (entered, then out for
 * delivery) changes once. A part whose process stops is applied by the resume job
 * (scan-import-resume.job.ts) or waited for here when another process holds it.
 */
export async function importScans(
  pool: Pool,
  input: ScanInput,
  ctx: OrderContext,
  chunks: ImportChunks = CHUNKS,
): Promise<ScanImportResult> {
  const { importId, result } = await stageScans(pool, input, ctx);
  const counts = await applyImport(pool, importId, ctx, {
    orders: chunks.orders,
    appliers: result.records > chunks.parallelAbove ? IMPORT_PARTS : 1,
  });
  result.ofOurBarcodes = counts.matched;
  result.newScans = counts.inserted;
  result.alreadyImported = counts.matched - counts.inserted;
  result.unknownBarcodes = result.records - counts.matched;
  result.ordersUpdated = counts.ordersUpdated;
  return result;
}

/**
 * The first step of an import: the file read into a new import's stage, in one transaction.
 * Answers the import's id and what was read (the counts of what the parts do are still 0).
 */
export async function stageScans(
  pool: Pool,
  input: ScanInput,
  ctx: OrderContext,
): Promise<{ importId: string; result: ScanImportResult }> {
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
  const importId = await withTransaction(pool, async (tx) => {
    const id = await createStage(tx, ctx.now);
    await stageAll(tx, stageTable(id), input, result);
    return id;
  });
  return { importId, result };
}

/** Reads the file into the stage, each batch the parser gives written as it comes. */
async function stageAll(tx: pg.PoolClient, table: string, input: ScanInput, result: ScanImportResult) {
  const stage = openStage(tx, table);
  try {
    for await (const scans of readScans(input)) {
      count(result, scans);
      await stage.write(stageText(scans));
    }
  } catch (err) {
    await stage.abort(err as Error);
    throw err;
  }
  await stage.end();
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

/**
 * Applies a staged import's parts, `appliers` at a time (each a transaction on its own
 * connection), and answers what all its parts did. A part another process is applying is
 * waited for; one left by a process that stopped is applied here.
 */
export async function applyImport(
  pool: Pool,
  importId: string,
  ctx: OrderContext,
  options: { orders: number; appliers: number },
): Promise<PartCounts> {
  const applier = async () => {
    while (await withTransaction(pool, (tx) => applyNextPart(tx, importId, ctx, options.orders)));
  };
  do await Promise.all(Array.from({ length: options.appliers }, applier));
  while (await waitForParts(pool, importId));
  return importCounts(pool, importId);
}

/** Claims and applies one part of the import; false: none was left to claim. */
async function applyNextPart(tx: pg.PoolClient, importId: string, ctx: OrderContext, orders: number) {
  const part = await claimPart(tx, importId);
  if (part === undefined) return false;
  await preparePart(tx, part);
  const stored = await storePart(tx, importId, part, ctx.now);
  const ordersUpdated = await applyAll(tx, ctx, orders);
  await finishPart(tx, importId, part, { ...stored, ordersUpdated }, ctx.now);
  if (ordersUpdated) await wakeDispatchersAfterCommit(tx);
  return true;
}

/**
 * Every order with a new best scan, per kind, a chunk at a time: moved on, with its event.
 * Each chunk's events (ids, signed links) are made here while the chunk before moves, so the
 * database does not wait for them: the next chunk is read before this one is moved.
 */
async function applyAll(tx: pg.PoolClient, ctx: OrderContext, chunk: number): Promise<number> {
  let ordersUpdated = 0;
  for (const name of await bestKinds(tx)) {
    const kind = orderKind(name as Parameters<typeof orderKind>[0]);
    const read = (after: string) =>
      readBestChunk(tx, kind, after, chunk).then((orders) => ({
        last: orders.at(-1)?.id,
        events: orders.map((o) => eventFor(o, ctx)),
      }));
    let after = '';
    let current = await read(after);
    while (current.last !== undefined) {
      const { last, events } = current;
      const [next, moved] = await Promise.all([
        read(last),
        moveBestChunk(tx, kind, { after, last }, events, ctx.now),
      ]);
      ordersUpdated += moved;
      after = last;
      current = next;
    }
  }
  return ordersUpdated;
}

/** The event of an order if it moves: `updatedFields` names imbStatus and imbZipCode only when they change. */
function eventFor(row: BestOrder, ctx: OrderContext): ScanEvent {
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
