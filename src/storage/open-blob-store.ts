import type { BlobLocation } from '../config/blob-location.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';

/**
 * The store every server, worker and render child uses. A bucket is checked once here so a
 * wrong name, endpoint or key stops start-up with a clear message instead of failing renders.
 * The AWS SDK is loaded only then: the default folder store never pays for it.
 */
export async function openBlobStore(location: BlobLocation): Promise<BlobStore> {
  if (location.kind === 'folder') return new FsBlobStore(location.dir);
  const { S3BlobStore } = await import('./s3-blob-store.js');
  const store = new S3BlobStore(location);
  try {
    await store.check();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}
