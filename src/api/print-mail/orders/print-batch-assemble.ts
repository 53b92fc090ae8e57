import { PDFDocument } from 'pdf-lib';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { ORDER_KINDS, type OrderKind } from './order-kinds.js';
import { claimUnbatched, insertBatch, type PrintBatch } from './print-batches.repo.js';
import { type ManifestEntry, manifestCsv, manifestEntry } from './print-manifest.js';
import { finishingSetup } from './production-notes.js';

/** Orders per batch: keeps one combined PDF a size a print shop's RIP takes comfortably. */
export const MAX_ORDERS_PER_BATCH = 500;

type Claimed = Awaited<ReturnType<typeof claimUnbatched>>[number];

/**
 * Collects live orders that entered printing into print batches, one per press and inserting
 * setup (order kind, size, colour, sides, mailing class; paper, envelope, plastic card or not:
 * finishingSetup): a combined PDF plus a CSV and JSON manifest (with production notes) in
 * the blob store. Orders are claimed with SKIP LOCKED, so concurrent runs never share one;
 * files are written before the batch row commits (a failed run leaves only stray files).
 */
export async function assemblePrintBatches(pool: Pool, blobs: BlobStore, now: Date): Promise<PrintBatch[]> {
  const made: PrintBatch[] = [];
  for (const kind of Object.values(ORDER_KINDS)) {
    for (;;) {
      const batches = await withTransaction(pool, async (tx) => {
        const claimed = await claimUnbatched(tx, kind, MAX_ORDERS_PER_BATCH);
        const out: PrintBatch[] = [];
        for (const group of groupBySetup(claimed)) {
          const batch = await buildBatch(kind, group, blobs, now);
          await insertBatch(
            tx,
            kind,
            batch,
            group.map((o) => o.id),
          );
          out.push(batch);
        }
        return { out, full: claimed.length === MAX_ORDERS_PER_BATCH };
      });
      made.push(...batches.out);
      if (!batches.full) break;
    }
  }
  return made;
}

function groupBySetup(orders: Claimed[]): Claimed[][] {
  const groups = new Map<string, Claimed[]>();
  for (const o of orders) {
    const finishing = Object.values(finishingSetup(o.doc));
    const key = [o.doc.size, o.doc.color, o.doc.doubleSided, o.doc.mailingClass, ...finishing].join('|');
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.values()];
}

async function buildBatch(
  kind: OrderKind,
  orders: Claimed[],
  blobs: BlobStore,
  now: Date,
): Promise<PrintBatch> {
  const id = newId(ID_PREFIX.printBatch);
  const combined = await PDFDocument.create();
  const entries: ManifestEntry[] = [];
  for (const [i, order] of orders.entries()) {
    const blob = await blobs.get(order.pdfKey);
    if (!blob) throw new Error(`the PDF of ${order.id} (${order.pdfKey}) is missing from the blob store`);
    const doc = await PDFDocument.load(blob.bytes);
    const pages = await combined.copyPages(doc, doc.getPageIndices());
    entries.push(manifestEntry(order, i + 1, combined.getPageCount() + 1, pages.length));
    for (const page of pages) combined.addPage(page);
  }
  const folder = `print-batches/${id}`;
  const first = orders[0].doc;
  const batch: PrintBatch = {
    id,
    orderKind: kind.name,
    size: first.size,
    color: first.color,
    doubleSided: first.doubleSided,
    mailingClass: first.mailingClass,
    orderCount: orders.length,
    pageCount: combined.getPageCount(),
    pdfKey: `${folder}/print.pdf`,
    manifestCsvKey: `${folder}/manifest.csv`,
    manifestJsonKey: `${folder}/manifest.json`,
    status: 'ready_for_print',
    createdAt: now.toISOString(),
    handedOverAt: null,
  };
  await blobs.put(batch.pdfKey, await combined.save(), { contentType: 'application/pdf' });
  await blobs.put(batch.manifestCsvKey, Buffer.from(manifestCsv(entries)), { contentType: 'text/csv' });
  const json = JSON.stringify({ batch, setup: finishingSetup(first), orders: entries }, null, 2);
  await blobs.put(batch.manifestJsonKey, Buffer.from(json), { contentType: 'application/json' });
  return batch;
}
