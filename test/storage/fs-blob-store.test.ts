import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { FsBlobStore } from '../../src/storage/fs-blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';

blobStoreContract('folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-blobs-'));
  return { store: new FsBlobStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

let root = '';
let store: FsBlobStore;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'postroom-blobs-'));
  store = new FsBlobStore(root);
});
after(() => rm(root, { recursive: true, force: true }));

test('overwrites and failed writes leave no temp files beside the blob', async () => {
  await store.put('batches/b1.pdf', Readable.from([Buffer.from('a'.repeat(100_000))]));
  await store.put('batches/b1.pdf', new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
  async function* breaks() {
    yield new Uint8Array(10);
    throw new Error('source broke');
  }
  await assert.rejects(store.put('batches/b2.pdf', breaks()), /source broke/);
  const files = await readdir(join(root, 'batches'));
  assert.deepEqual(files.sort(), ['b1.pdf', 'b1.pdf.meta.json']);
});
