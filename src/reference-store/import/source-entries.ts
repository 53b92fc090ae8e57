import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { ImportInputError } from './import-errors.js';
import type { SourceInput } from './source-input.js';

/** One file of address points inside a source: the source itself, or one member of its zip. */
export interface SourceEntry {
  /** "us/ky/statewide.csv" (a zip member's path, or the source's name without .gz). */
  name: string;
  /** Raw bytes, decompressed. */
  stream: Readable;
  /** True for a zip member: one that turns out not to be address data is passed over, not an error. */
  inZip: boolean;
  /** Bytes of the source (the compressed file) behind what has been read so far: for progress. */
  sourceBytes(): number;
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Zip members worth opening; others (.vrt, .pdf, .prj, folders, macOS metadata) are passed over. */
const DATA_MEMBER = /\.(csv|txt|tsv|geojson|geojsonl|geojsonseq|ndjson|json)$/i;

/**
 * The files of address points in a source: a zip's data members in order, a gzip stream
 * decompressed, or the source as it is. Sniffed from the first bytes, so a URL without a
 * telling extension works too.
 */
export async function* sourceEntries(input: SourceInput): AsyncGenerator<SourceEntry> {
  if (input.file && (await startsWith(input.file, ZIP_MAGIC))) {
    yield* zipEntries(input);
    return;
  }
  const { head, stream } = await peek(input.open(), 2);
  if (head.subarray(0, 4).equals(ZIP_MAGIC))
    throw new ImportInputError(`${input.location}: a zip read as a stream; save it to a file first`);
  const name = input.name.replace(/\.gz$/i, '');
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) {
    const gunzip = createGunzip({ chunkSize: 256 * 1024 });
    stream.on('error', (err) => gunzip.destroy(err));
    gunzip.on('error', () => {}); // read (and reported) through the consumer's iterator
    yield { name, stream: stream.pipe(gunzip), inZip: false, sourceBytes: input.bytesRead };
    return;
  }
  yield { name, stream, inZip: false, sourceBytes: input.bytesRead };
}

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    const { bytesRead } = await handle.read(head, 0, magic.length, 0);
    return bytesRead === magic.length && head.equals(magic);
  } finally {
    await handle.close();
  }
}

/** Members one at a time (yauzl reads the directory, then each member's stream on demand). */
async function* zipEntries(input: SourceInput): AsyncGenerator<SourceEntry> {
  const file = input.file!;
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) =>
      err
        ? reject(new ImportInputError(`${input.location}: not a readable zip (${err.message})`))
        : resolve(z),
    ),
  );
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => done(e);
        const onEnd = () => done(undefined);
        const onError = (err: Error) => {
          zip.off('entry', onEntry).off('end', onEnd);
          reject(new ImportInputError(`${input.location}: damaged zip (${err.message})`));
        };
        const done = (e: yauzl.Entry | undefined) => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
          resolve(e);
        };
        zip.once('entry', onEntry).once('end', onEnd).once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      const name = entry.fileName;
      if (name.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(name) || !DATA_MEMBER.test(name)) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) =>
          err ? reject(new ImportInputError(`${input.location}: ${name}: ${err.message}`)) : resolve(s),
        ),
      );
      // Progress in a zip: where this member starts in the file, plus its share read so far.
      const at = entry.relativeOffsetOfLocalHeader;
      const ratio = entry.compressedSize / Math.max(1, entry.uncompressedSize);
      let read = 0;
      stream.on('data', (chunk: Buffer) => {
        read += chunk.length;
      });
      const sourceBytes = () => at + Math.min(read * ratio, entry.compressedSize);
      yield { name, stream, inZip: true, sourceBytes };
    }
  } finally {
    zip.close();
  }
}

/**
 * The first `want` bytes of a stream (fewer if it is shorter, or up to the first line end
 * with `untilLineEnd`: a slow download is not held up for bytes the sniffing does not need)
 * and a stream of all of it, those bytes included. Destroying the returned stream destroys the source.
 */
export async function peek(
  source: Readable,
  want: number,
  untilLineEnd = false,
): Promise<{ head: Buffer; stream: Readable }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < want) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
    if (untilLineEnd && next.value.includes(10)) break;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    try {
      if (head.length) yield head;
      if (ended) return;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await it.return?.();
    }
  }
  return { head, stream: Readable.from(all(), { objectMode: false }) };
}
