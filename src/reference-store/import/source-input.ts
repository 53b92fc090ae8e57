import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { safeFetchStream } from '../../platform/safe-fetch.js';
import { ImportInputError } from './import-errors.js';

/** Limits on a source fetched over http(s); an operator raises them with flags for huge files. */
export interface FetchLimits {
  /** POSTROOM_ALLOW_PRIVATE_URLS or `--allow-private`: the operator typed a URL on their own network. */
  allowPrivate?: boolean;
  /** Largest download (default 64 GB: the NAD text file is about 35 GB unzipped). */
  maxBytes?: number;
  /** Deadline for the whole download (default 24 h). */
  timeoutMs?: number;
  /** Longest silence from the server before giving up (default 60 s). */
  idleTimeoutMs?: number;
}

export const FETCH_DEFAULTS = {
  maxBytes: 64 * 1024 ** 3,
  timeoutMs: 24 * 3600_000,
  idleTimeoutMs: 60_000,
};

/** An opened source: its bytes as a stream, and what progress and resume need to know of it. */
export interface SourceInput {
  /** The path or URL as given. */
  location: string;
  /** The file name part ("us/ky/statewide.csv.gz" for a URL ending so), for format and place hints. */
  name: string;
  /** Bytes expected (file size or Content-Length), when known: the progress bar's 100%. */
  size?: number;
  /** Size and mtime, or ETag / Last-Modified / length: equal means the same content for resuming. */
  fingerprint?: string;
  /** A local file path, when there is one: a zip is read from a file (its directory is at the end). */
  file?: string;
  /** Bytes of the source read so far (compressed bytes, for a compressed source). */
  bytesRead(): number;
  /** The source's bytes; for a local file a fresh stream per call. */
  open(): Readable;
  /** Removes what opening made (a downloaded zip's temporary copy). */
  cleanup(): Promise<void>;
}

export const isUrl = (location: string) => /^https?:\/\//i.test(location);

/** Opens a local file or an http(s) URL. A zipped URL is first copied to a temporary file. */
export async function openSource(location: string, limits: FetchLimits = {}): Promise<SourceInput> {
  return isUrl(location) ? openUrl(location, limits) : openFile(location);
}

async function openFile(file: string, location = file, cleanup = async () => {}): Promise<SourceInput> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new ImportInputError(`${location}: no such file`);
  let read = 0;
  return {
    location,
    name: location === file ? file : nameOfUrl(location),
    size: info.size,
    fingerprint: `${info.size}:${info.mtimeMs}`,
    file,
    bytesRead: () => read,
    open() {
      read = 0;
      const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
      stream.on('data', (chunk) => {
        read += chunk.length;
      });
      return stream;
    },
    cleanup,
  };
}

async function openUrl(url: string, limits: FetchLimits): Promise<SourceInput> {
  const fetched = await safeFetchStream(url, {
    allowPrivate: limits.allowPrivate ?? false,
    maxBytes: limits.maxBytes ?? FETCH_DEFAULTS.maxBytes,
    timeoutMs: limits.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
    idleTimeoutMs: limits.idleTimeoutMs ?? FETCH_DEFAULTS.idleTimeoutMs,
  });
  const name = nameOfUrl(fetched.url);
  const size = fetched.size;
  const fingerprint = [fetched.etag, fetched.lastModified, size].map((v) => v ?? '').join(':');
  if (/\.zip$/i.test(name) || /zip/i.test(fetched.contentType)) {
    // A zip's directory is at its end, so it is read from a file: the download goes to disk
    // (never to memory), the import reads it there, and the copy is deleted afterwards.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'postroom-import-'));
    const file = path.join(dir, path.basename(name) || 'source.zip');
    try {
      await pipeline(Readable.from(fetched.body), createWriteStream(file));
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    const opened = await openFile(file, url, () => rm(dir, { recursive: true, force: true }));
    return { ...opened, fingerprint };
  }
  let read = 0;
  let used = false;
  return {
    location: url,
    name,
    size,
    fingerprint,
    bytesRead: () => read,
    open() {
      if (used) throw new Error(`${url} can be read once`);
      used = true;
      const stream = Readable.from(fetched.body, { objectMode: false });
      stream.on('data', (chunk: Buffer) => {
        read += chunk.length;
      });
      return stream;
    },
    async cleanup() {
      if (!used) Readable.from(fetched.body).destroy();
    },
  };
}

/** The URL's path without the host ("/us/ky/statewide.csv.gz" -> "us/ky/statewide.csv.gz"). */
function nameOfUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  } catch {
    return url;
  }
}
