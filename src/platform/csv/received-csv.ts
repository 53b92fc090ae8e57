import { createHash } from 'node:crypto';
import type { Scope } from '../../db/scope.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { invalid } from '../errors.js';
import { randomBase58 } from '../ids.js';
import { csvRows } from './csv-rows.js';
import { utf8Guard } from './utf8-guard.js';

/** A client's CSV (an import, a bulk verification list), stored in the blob store as it arrived and read once to know its shape. */
export interface ReceivedCsv {
  blobKey: string;
  /** The header's column names, trimmed. */
  header: string[];
  /** Data rows (csvRows' rows after the header). */
  rowCount: number;
  /** The byte where the first data row starts: where the job begins reading. */
  dataStart: number;
  /** What the request's Idempotency-Key fingerprint sees in place of the file. */
  toJSON(): unknown;
}

/** Only files received here, never a client's JSON shaped like one, are taken as received. */
const received = new WeakSet<object>();

export const isReceivedCsv = (value: unknown): value is ReceivedCsv =>
  typeof value === 'object' && value !== null && received.has(value);

/**
 * Streams a CSV into the blob store (refusing a byte that is not UTF-8 as it passes), then
 * reads it back row by row for its header and row count: memory stays flat, however large.
 * A file without a header or rows is a 400 naming `file`; the stored copy is removed then.
 * `origin` is the URL it came from, or null for an upload (then its digest stands for it).
 * The file is kept under `folder`, then the mode.
 */
export async function receiveCsv(
  blobs: BlobStore,
  folder: string,
  scope: Scope,
  source: AsyncIterable<Uint8Array>,
  origin: string | null,
): Promise<ReceivedCsv> {
  const blobKey = `${folder}/${scope.live ? 'live' : 'test'}/upload-${randomBase58(16)}.csv`;
  const digest = createHash('sha256');
  const info = await blobs.put(blobKey, hashed(utf8Guard(source), digest), { contentType: 'text/csv' });
  try {
    if (info.size === 0) throw invalid('file', 'is empty: it has no header row and no rows.');
    const shape = await readShape(blobs, blobKey);
    const sha256 = digest.digest('hex');
    const file: ReceivedCsv = { blobKey, ...shape, toJSON: () => origin ?? { sha256 } };
    received.add(file);
    return file;
  } catch (err) {
    await blobs.delete(blobKey).catch(() => {});
    throw err;
  }
}

async function* hashed(source: AsyncIterable<Uint8Array>, digest: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    digest.update(chunk);
    yield chunk;
  }
}

async function readShape(blobs: BlobStore, blobKey: string) {
  const stored = await blobs.stream(blobKey);
  if (!stored) throw new Error(`the upload ${blobKey} vanished from the blob store`);
  let header: string[] | undefined;
  let dataStart = 0;
  let rowCount = 0;
  for await (const row of csvRows(stored.stream)) {
    if (header) rowCount++;
    else [header, dataStart] = [row.cells.map((c) => c.trim()), row.end];
  }
  if (!header) throw invalid('file', 'has no header row: it has no rows at all.');
  return { header, rowCount, dataStart };
}
