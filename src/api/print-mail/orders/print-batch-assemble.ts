import { PDFDocument } from 'pdf-lib';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { cardPdfKey } from './order-files.js';
import { ORDER_KINDS, type OrderKind } from './order-kinds.js';
import { claimUnbatched, insertBatch, type PrintBatch } from './print-batches.repo.js';
import { type ManifestEntry, manifestCsv, manifestEntry } from './print-manifest.js';
import { finishingSetup } from './production-notes.js';

/** Orders per batch: keeps one combined PDF a size a print shop's RIP takes comfortably. */
export const MAX_ORDERS_PER_BATCH = 500;

type Claimed = Awaited<ReturnType<typeof claimUnbatched>>[number];

/**
 * Renders an order's plastic card again when its file is missing: letters rendered before
 * cards were stored beside the letter (session 2) have none. The job passes the renderer.
 */
export type CardRenderer = (kind: OrderKind, orderId: string) => Promise<Uint8Array>;

/**
 * Collects live orders that entered printing into print batches, one per press and inserting
 * setup (order kind, size, colour, sides, mailing class; paper, envelope, plastic card or not:
 * finishingSetup): a combined PDF plus a CSV and JSON manifest (with production notes) in
 * the blob store, and for card batches a combined cards PDF (`cards.pdf`, named in the JSON
 * manifest as cardsPdfKey; each line gives its card's pages). Orders are claimed with SKIP
 * LOCKED, so concurrent runs never share one; files are written before the batch row commits
 * (a failed run leaves only stray files).
 */
export async function assemblePrintBatches(
  pool: Pool,
  blobs: BlobStore,
  now: Date,
  renderCard: CardRenderer,
): Promise<PrintBatch[]> {
  const made: PrintBatch[] = [];
  for (const kind of Object.values(ORDER_KINDS)) {
    for (;;) {
      const batches = await withTransaction(pool, async (tx) => {
        const claimed = await claimUnbatched(tx, kind, MAX_ORDERS_PER_BATCH);
        const out: PrintBatch[] = [];
        for (const group of groupBySetup(claimed)) {
          const batch = await buildBatch(kind, group, { blobs, renderCard }, now);
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
  { blobs, renderCard }: { blobs: BlobStore; renderCard: CardRenderer },
  now: Date,
): Promise<PrintBatch> {
  const id = newId(ID_PREFIX.printBatch);
  const first = orders[0].doc;
  // Batches are split by card or not (finishingSetup), so either every order has a card or none.
  const withCards = finishingSetup(first).plasticCard;
  const combined = await PDFDocument.create();
  const cards = withCards ? await PDFDocument.create() : null;
  const entries: ManifestEntry[] = [];
  for (const [i, order] of orders.entries()) {
    const at = {
      firstPage: combined.getPageCount() + 1,
      pageCount: await appendPdf(blobs, combined, order.pdfKey),
    };
    const card = cards && {
      firstPage: cards.getPageCount() + 1,
      pageCount: await appendCard(blobs, cards, kind, order, renderCard),
    };
    entries.push(manifestEntry(order, i + 1, at.firstPage, at.pageCount, card));
  }
  const folder = `print-batches/${id}`;
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
  const cardsPdfKey = cards ? `${folder}/cards.pdf` : null;
  if (cards && cardsPdfKey)
    await blobs.put(cardsPdfKey, await cards.save(), { contentType: 'application/pdf' });
  await blobs.put(batch.manifestCsvKey, Buffer.from(manifestCsv(entries)), { contentType: 'text/csv' });
  const setup = finishingSetup(first);
  const json = JSON.stringify({ batch, setup, cardsPdfKey, orders: entries }, null, 2);
  await blobs.put(batch.manifestJsonKey, Buffer.from(json), { contentType: 'application/json' });
  return batch;
}

/** Copies one stored PDF's pages to the end of `into`; returns how many. */
async function appendPdf(blobs: BlobStore, into: PDFDocument, key: string): Promise<number> {
  const blob = await blobs.get(key);
  if (!blob) throw new Error(`${key} is missing from the blob store`);
  return appendBytes(into, blob.bytes);
}

/** The order's card, rendered again (and stored) when its file is missing. */
async function appendCard(
  blobs: BlobStore,
  into: PDFDocument,
  kind: OrderKind,
  order: Claimed,
  renderCard: CardRenderer,
): Promise<number> {
  const key = cardPdfKey(order.pdfKey);
  const stored = await blobs.get(key);
  if (stored) return appendBytes(into, stored.bytes);
  const bytes = await renderCard(kind, order.id);
  await blobs.put(key, bytes, { contentType: 'application/pdf' });
  return appendBytes(into, bytes);
}

async function appendBytes(into: PDFDocument, bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  const pages = await into.copyPages(doc, doc.getPageIndices());
  for (const page of pages) into.addPage(page);
  return pages.length;
}
