import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { InvalidBlobKeyError } from '../../src/storage/blob-store.js';
import { FsBlobStore } from '../../src/storage/fs-blob-store.js';

let root = '';
let store: FsBlobStore;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'postroom-blobs-'));
  store = new FsBlobStore(root);
});
after(() => rm(root, { recursive: true, force: true }));

test('put then get, stream, exists and delete', async () => {
  const info = await store.put('letters/test/letter_1.pdf', new TextEncoder().encode('%PDF-1.7'), {
    contentType: 'application/pdf',
  });
  assert.deepEqual(info, { key: 'letters/test/letter_1.pdf', size: 8, contentType: 'application/pdf' });
  const got = await store.get('letters/test/letter_1.pdf');
  assert.equal(Buffer.from(got!.bytes).toString(), '%PDF-1.7');
  assert.equal(got!.contentType, 'application/pdf');
  const streamed = await store.stream('letters/test/letter_1.pdf');
  const chunks: Buffer[] = [];
  for await (const c of streamed!.stream) chunks.push(c as Buffer);
  assert.equal(Buffer.concat(chunks).toString(), '%PDF-1.7');
  assert.equal(await store.exists('letters/test/letter_1.pdf'), true);
  assert.equal(await store.delete('letters/test/letter_1.pdf'), true);
  assert.equal(await store.exists('letters/test/letter_1.pdf'), false);
  assert.equal(await store.get('letters/test/letter_1.pdf'), null);
  assert.equal(await store.stream('letters/test/letter_1.pdf'), null);
  assert.equal(await store.delete('letters/test/letter_1.pdf'), false);
});

test('streams are stored whole and overwrite leaves no temp files', async () => {
  const parts = [Buffer.from('a'.repeat(100_000)), Buffer.from('b'.repeat(100_000))];
  const info = await store.put('batches/b1.pdf', Readable.from(parts));
  assert.equal(info.size, 200_000);
  assert.equal(info.contentType, 'application/octet-stream');
  await store.put('batches/b1.pdf', new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
  const got = await store.get('batches/b1.pdf');
  assert.deepEqual([...got!.bytes], [1, 2, 3]);
  const files = await readdir(join(root, 'batches'));
  assert.deepEqual(files.sort(), ['b1.pdf', 'b1.pdf.meta.json']);
});

test('keys that could escape the root or collide with side files are refused', async () => {
  const bad = [
    '../etc/passwd',
    'a/../../b',
    '/abs',
    'a//b',
    '.hidden',
    'a/.b',
    'a\\b',
    '',
    'x.meta.json',
    'a/b/',
  ];
  for (const key of bad) {
    await assert.rejects(store.put(key, new Uint8Array([1])), InvalidBlobKeyError, key);
    await assert.rejects(store.get(key), InvalidBlobKeyError, key);
  }
});
