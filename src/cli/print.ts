import { createReadStream } from 'node:fs';
import { HandOverError, handOverBatch } from '../api/print-mail/orders/print-batch-hand-over.js';
import { recordTrackingNumbers, TrackingFileError } from '../api/print-mail/orders/print-batch-tracking.js';
import { listBatches, type PrintBatch } from '../api/print-mail/orders/print-batches.repo.js';
import { blobLocationOf, blobRootLabel } from '../config/blob-location.js';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../platform/clock.js';
import { ApiError } from '../platform/errors.js';
import { createUrlSigner, loadSigningSecret } from '../platform/signed-url.js';
import { type Args, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

/** `blobRoot` is the blob store's folder (POSTROOM_DATA_DIR/blobs by default) or its s3:// bucket and prefix. */
export function describeBatch(b: PrintBatch, blobRoot: string): string {
  const setup = `${b.orderKind} ${b.size} ${b.color ? 'colour' : 'black&white'} ${b.doubleSided ? 'double-sided' : 'single-sided'} ${b.mailingClass}`;
  const state = b.status === 'handed_over' ? `handed over ${b.handedOverAt}` : 'ready for print';
  return [
    `${b.id}  ${state}  created ${b.createdAt}`,
    `  ${setup}: ${b.orderCount} orders, ${b.pageCount} pages`,
    `  print:    ${blobRoot}/${b.pdfKey}`,
    `  manifest: ${blobRoot}/${b.manifestCsvKey} (and .json)`,
  ].join('\n');
}

export async function printCommand(args: Args): Promise<number> {
  const [, sub, batchId] = args.positional;
  const config = loadConfig();
  if (sub === 'batches') {
    const batches = await withDatabase((db) => listBatches(db.pool));
    if (args.flags.json) console.log(JSON.stringify(batches, null, 2));
    else if (batches.length === 0) console.log('no print batches yet');
    else for (const b of batches) console.log(describeBatch(b, blobRootLabel(blobLocationOf(config))));
    return 0;
  }
  if (sub === 'handed-over') return printHandedOver(batchId, args.flags.tracking, config);
  if (sub === 'tracking') return printTracking(batchId, args.positional[3], config);
  throw new UsageError(`unknown command print ${sub}`);
}

/** `print handed-over BATCH [--tracking FILE]`: the batch posted, with the numbers the shop wrote. */
async function printHandedOver(batchId: string, file: unknown, config: ReturnType<typeof loadConfig>) {
  if (!batchId) throw new UsageError('print handed-over needs a batch id (print_batch_...)');
  if (file !== undefined && (typeof file !== 'string' || !file))
    throw new UsageError('--tracking needs the filled manifest (a CSV file)');
  try {
    const done = await withDatabase(async (db) => {
      const signer = createUrlSigner(await loadSigningSecret(db.pool), config.publicUrl, systemClock);
      const tracking = file ? createReadStream(file) : undefined;
      return handOverBatch(db.pool, batchId, { now: systemClock.now(), signer }, tracking);
    });
    const numbers = file ? `, ${done.trackingNumbers} tracking numbers recorded` : '';
    console.log(`${batchId}: ${done.moved} orders are now processed_for_delivery${numbers}`);
    return 0;
  } catch (err) {
    const bad = err instanceof HandOverError || err instanceof TrackingFileError;
    if (!bad && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    console.error(`${file && !(err instanceof HandOverError) ? `${file}: ` : ''}${(err as Error).message}`);
    return 1;
  }
}

/** `print tracking BATCH FILE`: the shop's manifest with trackingNumber filled, recorded on the orders. */
async function printTracking(batchId: string, file: string, config: ReturnType<typeof loadConfig>) {
  try {
    const done = await withDatabase(async (db) => {
      const signer = createUrlSigner(await loadSigningSecret(db.pool), config.publicUrl, systemClock);
      return recordTrackingNumbers(db.pool, batchId, createReadStream(file), {
        now: systemClock.now(),
        signer,
      });
    });
    console.log(`${batchId}: ${done.recorded} tracking numbers recorded (${done.lines} lines)`);
    return 0;
  } catch (err) {
    const bad = err instanceof TrackingFileError || err instanceof ApiError;
    if (!bad && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    console.error(`${file}: ${(err as Error).message}`);
    return 1;
  }
}
