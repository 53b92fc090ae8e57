import type { BlobStore } from '../../../storage/blob-store.js';

/** A file an order stored at create (an upload), for its render. */
export async function storedBlob(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const blob = await blobs.get(key);
  // A missing upload is the server's fault (lost data dir), not the caller's: fail retryably.
  if (!blob) throw new Error(`blob ${key} is missing from the blob store`);
  return blob.bytes;
}
