import type { PDFDocument } from 'pdf-lib';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import type { ImbBarcode } from '../../../engines/render/index.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { barcodesOf } from '../tracking/imb-barcodes.repo.js';
import { companionPdfKey } from './order-files.js';
import type { CompanionPages, OrderKind } from './order-kind.js';
import { ORDER_KINDS } from './order-kinds.js';
import { claimUnbatched, insertBatch, type PrintBatch } from './print-batches.repo.js';
import { type ManifestEntry, manifestCsv, manifestEntry } from './print-manifest.js';

/** Orders per batch: keeps one combined PDF a size a print shop's RIP takes comfortably. */
export const MAX_ORDERS_PER_BATCH = 500;

type Claimed = Awaited<ReturnType<typeof claimUnbatched>>[number];

/**
 * Renders an order's companion file (a letter's plastic card) again when it is missing, as for
 * letters rendered before cards were stored beside them. The job passes the renderer.
 */
export type CompanionRenderer = (kind: OrderKind, orderId: string, name: string) => Promise<Uint8Array>;

/**
 * Collects live orders that entered printing into print batches, one per kind and setup (size,
 * colour, sides, mailing class and the kind's finishing: kind.print.setup): a combined PDF plus
 * a CSV and JSON manifest (with production notes) in the blob store, and for each companion
 * file the batch's orders have (a letter's `card`) a combined `<name>s.pdf`, named in the JSON
 * manifest as `<name>sPdfKey`, each line giving its pages. Orders are claimed with SKIP LOCKED,
 * so concurrent runs never share one; files are written before the batch row commits (a failed
 * run leaves only stray files).
 */
export async function assemblePrintBatches(
  pool: Pool,
  blobs: BlobStore,
  now: Date,
  renderCompanion: CompanionRenderer,
): Promise<PrintBatch[]> {
  const made: PrintBatch[] = [];
  for (const kind of ORDER_KINDS) {
    for (;;) {
      const batches = await withTransaction(pool, async (tx) => {
        const claimed = await claimUnbatched(tx, kind, MAX_ORDERS_PER_BATCH);
        const barcodes = await barcodesOf(
          tx,
          claimed.map((o) => o.id),
        );
        const out: PrintBatch[] = [];
        for (const group of groupBySetup(kind, claimed)) {
          const batch = await buildBatch(kind, group, { blobs, renderCompanion, barcodes }, now);
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

function groupBySetup(kind: OrderKind, orders: Claimed[]): Claimed[][] {
  const groups = new Map<string, Claimed[]>();
  for (const o of orders) {
    const key = JSON.stringify(kind.print.setup(o.doc));
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.values()];
}

interface BatchFiles {
  blobs: BlobStore;
  renderCompanion: CompanionRenderer;
  /** The Intelligent Mail barcodes printed on the batch's pieces, by order id. */
  barcodes: Map<string, ImbBarcode>;
}

async function buildBatch(
  kind: OrderKind,
  orders: Claimed[],
  files: BatchFiles,
  now: Date,
): Promise<PrintBatch> {
  const id = newId(ID_PREFIX.printBatch);
  const setup = kind.print.setup(orders[0].doc);
  const combined = await pdfLib().PDFDocument.create();
  // One combined file per companion that any order of the batch has.
  const companions = new Map<string, PDFDocument>();
  for (const name of kind.print.companions)
    if (orders.some((o) => kind.print.hasCompanion(o.doc, name)))
      companions.set(name, await pdfLib().PDFDocument.create());
  const entries: ManifestEntry[] = [];
  for (const [i, order] of orders.entries()) {
    const at = {
      sequence: i + 1,
      firstPage: combined.getPageCount() + 1,
      pageCount: await appendPdf(files.blobs, combined, order.pdfKey),
    };
    const pages: CompanionPages = {};
    for (const name of kind.print.companions) {
      const into = companions.get(name);
      pages[name] =
        into && kind.print.hasCompanion(order.doc, name)
          ? {
              firstPage: into.getPageCount() + 1,
              pageCount: await appendCompanion(files, into, kind, order, name),
            }
          : null;
    }
    entries.push(manifestEntry(kind, order, at, pages, files.barcodes.get(order.id)));
  }
  const folder = `print-batches/${id}`;
  const batch: PrintBatch = {
    id,
    orderKind: kind.name,
    size: setup.size,
    color: setup.color,
    doubleSided: setup.doubleSided,
    mailingClass: setup.mailingClass,
    orderCount: orders.length,
    pageCount: combined.getPageCount(),
    pdfKey: `${folder}/print.pdf`,
    manifestCsvKey: `${folder}/manifest.csv`,
    manifestJsonKey: `${folder}/manifest.json`,
    status: 'ready_for_print',
    createdAt: now.toISOString(),
    handedOverAt: null,
  };
  await files.blobs.put(batch.pdfKey, await combined.save(), { contentType: 'application/pdf' });
  const companionKeys: Record<string, string | null> = {};
  for (const name of kind.print.companions) {
    const doc = companions.get(name);
    const key = doc ? `${folder}/${name}s.pdf` : null;
    if (doc && key) await files.blobs.put(key, await doc.save(), { contentType: 'application/pdf' });
    companionKeys[`${name}sPdfKey`] = key;
  }
  await files.blobs.put(batch.manifestCsvKey, Buffer.from(manifestCsv(entries)), { contentType: 'text/csv' });
  const json = JSON.stringify({ batch, setup: setup.finishing, ...companionKeys, orders: entries }, null, 2);
  await files.blobs.put(batch.manifestJsonKey, Buffer.from(json), { contentType: 'application/json' });
  return batch;
}

/** Copies one stored PDF's pages to the end of `into`; returns how many. */
async function appendPdf(blobs: BlobStore, into: PDFDocument, key: string): Promise<number> {
  const blob = await blobs.get(key);
  if (!blob) throw new Error(`${key} is missing from the blob store`);
  return appendBytes(into, blob.bytes);
}

/** The order's companion file, rendered again (and stored) when it is missing. */
async function appendCompanion(
  { blobs, renderCompanion }: BatchFiles,
  into: PDFDocument,
  kind: OrderKind,
  order: Claimed,
  name: string,
): Promise<number> {
  const key = companionPdfKey(order.pdfKey, name);
  const stored = await blobs.get(key);
  if (stored) return appendBytes(into, stored.bytes);
  const bytes = await renderCompanion(kind, order.id, name);
  await blobs.put(key, bytes, { contentType: 'application/pdf' });
  return appendBytes(into, bytes);
}

async function appendBytes(into: PDFDocument, bytes: Uint8Array): Promise<number> {
  const doc = await pdfLib().PDFDocument.load(bytes);
  const pages = await into.copyPages(doc, doc.getPageIndices());
  for (const page of pages) into.addPage(page);
  return pages.length;
}
