import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { type BlobStore, InvalidBlobKeyError } from '../../src/storage/blob-store.js';

/**
 * What every BlobStore must do, whatever keeps the bytes: the folder store and the S3 store
 * both run it (fs-blob-store.test.ts, s3-blob-store.test.ts), so the app cannot tell them apart.
 */
export function blobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; close(): Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    let close = async () => {};
    before(async () => {
      ({ store, close } = await open());
    });
    after(() => close());

    test('bytes: put, get, stream, exists, delete', async () => {
      const key = 'letters/test/letter_1.pdf';
      const info = await store.put(key, text('%PDF-1.7 hello'), { contentType: 'application/pdf' });
      assert.deepEqual(info, { key, size: 14, contentType: 'application/pdf' });
      const got = await store.get(key);
      assert.equal(Buffer.from(got!.bytes).toString(), '%PDF-1.7 hello');
      assert.deepEqual(
        { key: got!.key, size: got!.size, contentType: got!.contentType },
        { key, size: 14, contentType: 'application/pdf' },
      );
      const streamed = await store.stream(key);
      assert.equal(streamed!.size, 14);
      assert.equal(streamed!.contentType, 'application/pdf');
      assert.equal((await drain(streamed!.stream)).toString(), '%PDF-1.7 hello');
      assert.equal(await store.exists(key), true);
      assert.equal(await store.delete(key), true);
      assert.equal(await store.exists(key), false);
      assert.equal(await store.get(key), null);
      assert.equal(await store.stream(key), null);
      assert.equal(await store.delete(key), false);
    });

    test('a Node stream is stored whole, with the default content type', async () => {
      const parts = [Buffer.from('a'.repeat(100_000)), Buffer.from('b'.repeat(100_000))];
      const info = await store.put('batches/b1/print.pdf', Readable.from(parts));
      assert.deepEqual(info, {
        key: 'batches/b1/print.pdf',
        size: 200_000,
        contentType: 'application/octet-stream',
      });
      const got = await store.get('batches/b1/print.pdf');
      assert.equal(got!.contentType, 'application/octet-stream');
      assert.deepEqual(Buffer.from(got!.bytes), Buffer.concat(parts));
    });

    test('an async iterable is stored whole', async () => {
      async function* rows() {
        yield text('name,city\n');
        for (let i = 0; i < 1000; i++) yield text(`row ${i},Boston\n`);
      }
      const info = await store.put('imports/report.csv', rows(), { contentType: 'text/csv' });
      const got = await store.get('imports/report.csv');
      const body = Buffer.from(got!.bytes).toString();
      assert.equal(info.size, Buffer.byteLength(body));
      assert.equal(body.split('\n').length, 1002);
      assert.match(body, /^name,city\nrow 0,Boston\n[\s\S]*row 999,Boston\n$/);
      assert.equal(got!.contentType, 'text/csv');
    });

    test('empty bodies, as bytes and as a stream', async () => {
      assert.equal((await store.put('empty/bytes', new Uint8Array())).size, 0);
      assert.equal((await store.put('empty/stream', Readable.from([]))).size, 0);
      for (const key of ['empty/bytes', 'empty/stream']) {
        assert.equal((await store.get(key))!.bytes.length, 0, key);
        assert.equal(await store.exists(key), true, key);
      }
    });

    test('a second put replaces the bytes and the content type', async () => {
      await store.put('uploads/u1', text('first version, longer'), { contentType: 'text/plain' });
      await store.put('uploads/u1', new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' });
      const got = await store.get('uploads/u1');
      assert.deepEqual([...got!.bytes], [1, 2, 3]);
      assert.equal(got!.contentType, 'application/pdf');
    });

    test('keys are independent: deleting one leaves its neighbours', async () => {
      await store.put('n/a.pdf', text('A'));
      await store.put('n/ab.pdf', text('AB'));
      assert.equal(await store.delete('n/a.pdf'), true);
      assert.equal(Buffer.from((await store.get('n/ab.pdf'))!.bytes).toString(), 'AB');
    });

    test('missing keys: null, false, never an error', async () => {
      assert.equal(await store.get('never/put.pdf'), null);
      assert.equal(await store.stream('never/put.pdf'), null);
      assert.equal(await store.exists('never/put.pdf'), false);
      assert.equal(await store.delete('never/put.pdf'), false);
    });

    test('a source that fails mid-way stores nothing and keeps the old blob', async () => {
      await store.put('fail/kept.pdf', text('old'), { contentType: 'application/pdf' });
      for (const key of ['fail/new.pdf', 'fail/kept.pdf']) {
        // Past one 8 MiB part, so the S3 store has begun a multipart upload it must abort.
        async function* breaks() {
          for (let i = 0; i < 10; i++) yield new Uint8Array(1024 * 1024).fill(i);
          throw new Error('source broke');
        }
        await assert.rejects(store.put(key, breaks()), /source broke/, key);
      }
      assert.equal(await store.exists('fail/new.pdf'), false);
      const kept = await store.get('fail/kept.pdf');
      assert.equal(Buffer.from(kept!.bytes).toString(), 'old');
      assert.equal(kept!.contentType, 'application/pdf');
    });

    test('keys that could escape, hide or collide are refused before any I/O', async () => {
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
        'a b',
      ];
      for (const key of bad) {
        await assert.rejects(store.put(key, new Uint8Array([1])), InvalidBlobKeyError, key);
        await assert.rejects(store.put(key, Readable.from([Buffer.from('x')])), InvalidBlobKeyError, key);
        await assert.rejects(store.get(key), InvalidBlobKeyError, key);
        await assert.rejects(store.stream(key), InvalidBlobKeyError, key);
        await assert.rejects(store.exists(key), InvalidBlobKeyError, key);
        await assert.rejects(store.delete(key), InvalidBlobKeyError, key);
      }
    });

    test('a 20 MB stream goes in and comes out byte for byte', async () => {
      const chunk = 256 * 1024;
      const total = 20 * 1024 * 1024;
      const want = createHash('sha256');
      async function* big() {
        for (let offset = 0; offset < total; offset += chunk) {
          const part = new Uint8Array(chunk);
          for (let i = 0; i < chunk; i += 4096) part[i] = (offset / chunk + i) & 0xff;
          want.update(part);
          yield part;
        }
      }
      const info = await store.put('batches/big/print.pdf', Readable.from(big()), {
        contentType: 'application/pdf',
      });
      assert.equal(info.size, total);
      const expected = want.digest('hex');
      const streamed = await store.stream('batches/big/print.pdf');
      assert.equal(streamed!.size, total);
      const got = createHash('sha256');
      let size = 0;
      for await (const part of streamed!.stream) {
        got.update(part as Buffer);
        size += (part as Buffer).length;
      }
      assert.equal(size, total);
      assert.equal(got.digest('hex'), expected);
      const whole = await store.get('batches/big/print.pdf');
      assert.equal(createHash('sha256').update(whole!.bytes).digest('hex'), expected);
    });
  });
}

function text(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
