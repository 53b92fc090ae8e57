import { withTransaction } from '../../../db/tx.js';
import {
  RenderInputError,
  type RenderResult,
  RenderTimeoutError,
  TemplateSyntaxError,
} from '../../../engines/render/index.js';
import { isStorageFull } from '../../../storage/storage-full.js';
import type { JobAttempt, JobContext, JobDefinition } from '../../job-definition.js';
import { trackerMergeValues } from '../trackers/tracker-refs.js';
import { barcodeRecordPart, type IssuedBarcode } from '../tracking/imb-barcodes.repo.js';
import { orderImb, withImb } from '../tracking/order-imb.js';
import { advanceLockedOrder, stepDue } from './advance-order.js';
import { cancelIfReady } from './cancel-order.js';
import type { MailingClass } from './mailing-class.js';
import { mailingClassProblem } from './mailing-class-rules.js';
import { type Change, changeOrder, changeOrderIfUnchanged } from './order-change.js';
import { companionPdfKey, orderPdfKey } from './order-files.js';
import { ORDER_JOBS, type OrderJobData } from './order-jobs.js';
import type { OrderKind, RenderJobContext } from './order-kind.js';
import { orderKind } from './order-kinds.js';
import { lockOrder, type OrderRow, readOrder } from './orders.repo.js';

/**
 * Renders one order's PDF (and its companion files, such as a letter's plastic card, beside it)
 * after its create returned, whatever its kind: the kind's descriptor makes the render job.
 * Idempotent, so a retry or a re-run after a crash is safe: an order already rendered (or
 * cancelled) is skipped, and the PDFs go to keys fixed by the order id, so a repeated render
 * overwrites the same files rather than making second ones. An order its mailing class cannot
 * post is cancelled before any render
 * (invalid_order_mailing_class), bad content after it (invalid_content), each with a note that
 * says why; a full blob store queues the render again for later (waits doubling from 5 s to
 * 5 minutes, as long as it stays full); anything else throws so pg-boss retries, and after the last retry
 * render-order-failed runs. A render that times out is retried once; timing out again is its
 * content (an unbroken word of hundreds of thousands of characters takes Chromium minutes), so
 * the order is cancelled then (invalid_content) rather than holding a tab for every retry.
 */
export const renderOrder: JobDefinition<OrderJobData> = {
  name: ORDER_JOBS.render,
  queue: (config) => ({
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: config.renderJobExpireSec,
    deadLetter: ORDER_JOBS.renderFailed,
  }),
  // A worker fetches again after each batch once the queue watch has seen jobs waiting (every
  // 0.5 s, jobs/queue-watch.ts), so workers taking one job at a time would cap rendering at a
  // few per worker per second whatever the browser pool could do. Two workers taking up to 24
  // at a time (run side by side, batchHandler) allow far more, and each fetch and completion
  // (a scan of the queue's index) serves many orders. A backlog (a campaign) thus keeps
  // dozens of renders waiting for tabs, which is what lets them share prints
  // (print-batcher.ts); a trickle of orders still renders one at a time. Each job still fails
  // alone.
  // includeMetadata: the previous run's error, which tells a second timeout from a first.
  work: { batchSize: 24, includeMetadata: true },
  workers: 2,
  makesPdfs: true,
  // While this process's API is busy, renders go one at a time (render-gate.ts).
  run: (data, ctx, attempt) => ctx.renderGate.run(() => renderOne(data, ctx, attempt)),
};

/** The previous run of this job failed by timing out too. */
const timedOutBefore = (attempt: JobAttempt | undefined) =>
  Boolean(attempt?.retryCount) &&
  (attempt?.output as { name?: unknown } | null | undefined)?.name === 'RenderTimeoutError';

/** A render queued again because the blob store was full: how many times so far. */
type RenderJobData = OrderJobData & { storageFull?: number };
const STORAGE_FULL_FIRST_WAIT_SEC = 5;
const STORAGE_FULL_MAX_WAIT_SEC = 300;

async function renderOne(data: RenderJobData, ctx: JobContext, attempt?: JobAttempt): Promise<void> {
  const kind = orderKind(data.kind);
  const { id } = data;
  const row = await readOrder(ctx.pool, kind, id);
  if (!row || row.pdfKey || row.status === 'cancelled') return;
  const doc = row.doc as OrderRow['doc'] & { mailingClass: MailingClass; to: { countryCode?: string } };
  const refused = mailingClassProblem(doc.mailingClass, doc.to);
  if (refused) {
    await cancelUnrendered(ctx, kind, id, { reason: 'invalid_order_mailing_class', note: refused });
    ctx.log({ id, why: refused }, 'order cancelled: its mailing class cannot post it');
    return;
  }
  // A live US piece's barcode: drawn now, stored with the render's record below.
  const imbDeps = { db: ctx.pool, config: ctx.config.imb, verifier: ctx.verifier, now: ctx.clock.now() };
  const imb = await orderImb(imbDeps, kind, row);
  const rendered = await renderOrCancel(ctx, kind, row, imb, attempt);
  if (!rendered) return;
  const pdfKey = orderPdfKey(kind, row.live, id);
  if (!(await storeFiles(ctx, data, pdfKey, rendered))) return;
  await recordRender(ctx, kind, row, {
    pdfKey,
    fields: { pageCount: rendered.pageCount },
    also: imb ? [barcodeRecordPart(imb)] : undefined,
  });
}

/** Cancels the order unless a render finished meanwhile. */
function cancelUnrendered(
  ctx: JobContext,
  kind: OrderKind,
  id: string,
  cancellation: Parameters<typeof cancelIfReady>[3],
): Promise<void> {
  return withTransaction(ctx.pool, async (tx) => {
    const locked = await lockOrder(tx, kind, id, null);
    if (locked && !locked.pdfKey) await cancelIfReady(tx, kind, locked, cancellation, orderCtx(ctx));
  });
}

/** The order's PDFs, or undefined once content that cannot be rendered has cancelled it. */
async function renderOrCancel(
  ctx: JobContext,
  kind: OrderKind,
  row: OrderRow,
  imb: IssuedBarcode | null,
  attempt: JobAttempt | undefined,
): Promise<RenderResult | undefined> {
  const { id } = row;
  try {
    const job = await kind.renderJob(row, await renderJobContext(ctx, row));
    return await ctx.renderer.render(withImb(job, imb));
  } catch (err) {
    if (err instanceof RenderTimeoutError && timedOutBefore(attempt)) {
      const seconds = Math.round(ctx.config.renderTimeoutMs / 1000);
      const note = `The content could not be laid out in ${seconds} s, twice (a very long unbroken word or a very large page?); simplify it and create the order again.`;
      await cancelUnrendered(ctx, kind, id, { reason: 'invalid_content', note });
      ctx.log({ id, err: err.message }, 'order cancelled: its content timed out twice');
      return undefined;
    }
    if (!(err instanceof RenderInputError || err instanceof TemplateSyntaxError)) throw err;
    await cancelUnrendered(ctx, kind, id, { reason: 'invalid_content', note: err.message });
    ctx.log({ id, err: err.message }, 'order cancelled: content cannot be rendered');
    return undefined;
  }
}

/** Stores the PDFs at their fixed keys; false when the blob store is full and the render is queued again. */
async function storeFiles(
  ctx: JobContext,
  { kind, id, storageFull }: RenderJobData,
  pdfKey: string,
  rendered: RenderResult,
): Promise<boolean> {
  try {
    // Companions first: once pdf_key is set the order counts as rendered, companions included.
    for (const [name, bytes] of Object.entries(rendered.companions))
      await ctx.blobs.put(companionPdfKey(pdfKey, name), bytes, { contentType: 'application/pdf' });
    await ctx.blobs.put(pdfKey, rendered.pdf, { contentType: 'application/pdf' });
    return true;
  } catch (err) {
    if (!isStorageFull(err)) throw err;
    // A full disk is the machine's state, not the order's: waiting for room must not use up
    // the retries that end in cancelling it. This run ends; a new one is queued for later.
    const full = (storageFull ?? 0) + 1;
    const startAfter = Math.min(STORAGE_FULL_MAX_WAIT_SEC, STORAGE_FULL_FIRST_WAIT_SEC * 2 ** (full - 1));
    await ctx.boss.send(ORDER_JOBS.render, { kind, id, storageFull: full }, { singletonKey: id, startAfter });
    ctx.log(
      { id, err: (err as Error).message, startAfter },
      'blob store full: the render is tried again later',
    );
    return false;
  }
}

/** Records the render on the order (and moves it on when its print time has come). */
async function recordRender(
  ctx: JobContext,
  kind: OrderKind,
  row: OrderRow & { version: string },
  change: Change,
): Promise<void> {
  // Mostly the order is not due to move on yet (sent today, it prints after midnight): then
  // one statement records the render, if nothing changed the order while it rendered.
  if (
    !stepDue(row, ctx.clock.now()) &&
    (await changeOrderIfUnchanged(ctx.pool, kind, row, change, orderCtx(ctx)))
  )
    return;
  const moved = await withTransaction(ctx.pool, async (tx) => {
    const locked = await lockOrder(tx, kind, row.id, null);
    if (!locked || locked.pdfKey) return; // another run finished first, into the same file
    await changeOrder(tx, kind, locked, change, orderCtx(ctx));
    // Its print time may already have passed (sent today): move it on in the same transaction.
    return advanceLockedOrder(tx, kind, locked, orderCtx(ctx)); // changeOrder kept `locked` current
  });
  if (moved === 'printing') await ctx.boss.send(ORDER_JOBS.printBatches, {});
}

export const orderCtx = (ctx: JobContext) => ({ now: ctx.clock.now(), signer: ctx.signer });

/** What a kind may read to make the render job of `row`. */
export const renderJobContext = async (ctx: JobContext, row: OrderRow): Promise<RenderJobContext> => ({
  blobs: ctx.blobs,
  db: ctx.pool,
  dataKeys: ctx.dataKeys,
  serverValues: await trackerMergeValues(
    ctx.pool,
    { ...row, createdAt: new Date(row.doc.createdAt as string) },
    ctx.config.publicUrl,
  ),
});
