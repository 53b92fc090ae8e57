import type { Readable } from 'node:stream';

/**
 * Where rendered PDFs, uploads and print batches live. Small on purpose so an object store
 * can implement it: the folder one (fs-blob-store.ts) is the default, S3 (s3-blob-store.ts) the
 * other; test/storage/blob-store-contract.ts is what both must do.
 *
 * Keys are slash-separated paths such as `letters/test/letter_abc.pdf`. Each segment starts
 * with a letter or digit and uses only letters, digits, `.`, `_` and `-`, so a key can never
 * climb out of the store (`..`), hide (`.name`) or carry a separator of its own.
 */
export interface BlobStore {
  put(key: string, body: BlobBody, options?: PutOptions): Promise<BlobInfo>;
  /** The whole blob in memory, or null when the key is absent. */
  get(key: string): Promise<StoredBlob | null>;
  /** A stream of the blob for serving large files, or null when absent. */
  stream(key: string): Promise<BlobStream | null>;
  exists(key: string): Promise<boolean>;
  /** True when something was deleted. */
  delete(key: string): Promise<boolean>;
}

export type BlobBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType?: string;
}

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface StoredBlob extends BlobInfo {
  bytes: Uint8Array;
}

export interface BlobStream extends BlobInfo {
  stream: Readable;
}

export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;
/** Reserved for the filesystem store's own side files. */
const RESERVED_SUFFIXES = ['.meta.json', '.tmp'];

export function isValidBlobKey(key: string): boolean {
  return (
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..')) &&
    !RESERVED_SUFFIXES.some((suffix) => key.endsWith(suffix))
  );
}

export function assertValidBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(`invalid blob key: ${JSON.stringify(key)}`);
}
