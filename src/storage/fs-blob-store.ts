import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  type BlobBody,
  type BlobInfo,
  type BlobStore,
  type BlobStream,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under one root folder (the app uses `${POSTROOM_DATA_DIR}/blobs`). Each blob
 * has a `<file>.meta.json` beside it holding its content type. Writes go to a temp file in
 * the same folder and are renamed into place, so readers see the old blob or the new one,
 * never half of one; the metadata is renamed first so a visible blob always has its type.
 * Both files and the folder are flushed to disk before put returns: callers record a blob's
 * key in the database next (a letter's pdf_key), and after a power loss that key must not
 * point at a file the kernel had not written yet.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, body: BlobBody, options: PutOptions = {}): Promise<BlobInfo> {
    const file = this.pathOf(key);
    await mkdir(dirname(file), { recursive: true });
    const suffix = `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const contentType = options.contentType ?? DEFAULT_TYPE;
    try {
      const size = await writeBody(file + suffix, body);
      await writeFile(`${file}.meta.json${suffix}`, JSON.stringify({ contentType }));
      await Promise.all([flush(file + suffix), flush(`${file}.meta.json${suffix}`)]);
      await rename(`${file}.meta.json${suffix}`, `${file}.meta.json`);
      await rename(file + suffix, file);
      await flush(dirname(file)); // the renames
      return { key, size, contentType };
    } catch (err) {
      await rm(file + suffix, { force: true });
      await rm(`${file}.meta.json${suffix}`, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const file = this.pathOf(key);
    const bytes = await readFile(file).catch(ifMissing(null));
    if (!bytes) return null;
    return { key, size: bytes.length, contentType: await this.typeOf(file), bytes: new Uint8Array(bytes) };
  }

  async stream(key: string): Promise<BlobStream | null> {
    const file = this.pathOf(key);
    // Size and bytes from one open file: a put renames a new file over the key at any time, and
    // a size read by path could then belong to another file than the bytes streamed, so the
    // answer's Content-Length would not match its body.
    const handle = await open(file, 'r').catch(ifMissing(null));
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      return { key, size, contentType: await this.typeOf(file), stream: handle.createReadStream() };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.pathOf(key)).catch(ifMissing(null)))?.isFile() ?? false;
  }

  async delete(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    const existed = await this.exists(key);
    await rm(file, { force: true });
    await rm(`${file}.meta.json`, { force: true });
    return existed;
  }

  private pathOf(key: string): string {
    assertValidBlobKey(key);
    return join(this.root, key);
  }

  private async typeOf(file: string): Promise<string> {
    const meta = await readFile(`${file}.meta.json`, 'utf8').catch(ifMissing(null));
    return meta ? (JSON.parse(meta).contentType ?? DEFAULT_TYPE) : DEFAULT_TYPE;
  }
}

async function writeBody(file: string, body: BlobBody): Promise<number> {
  if (body instanceof Uint8Array) {
    await writeFile(file, body);
    return body.length;
  }
  let size = 0;
  const counted = Readable.from(body).on('data', (chunk: Uint8Array) => {
    size += chunk.length;
  });
  const out = createWriteStream(file);
  try {
    await pipeline(counted, out);
  } catch (err) {
    // A source that fails before the file is open: the stream still opens (creating the file)
    // before it closes, so the caller's removal has to wait for the close to find the file.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw err;
  }
  return size;
}

/** fsync: the file's (or folder's) data and metadata reach the disk. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function ifMissing<T>(fallback: T) {
  return (err: NodeJS.ErrnoException): T => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return fallback;
    throw err;
  };
}
