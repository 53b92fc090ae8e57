import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SIGNED_FILES_PATH } from '../../src/platform/signed-url.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { fetchPdf, LETTERS, letterBody, waitForLetter } from '../helpers/letters.js';
import { type S3TestServer, startRadosgw } from '../helpers/radosgw.js';

// The whole app on a bucket of a real S3 server (Ceph's RADOS Gateway): the letter's PDF is
// rendered into the bucket and its signed link, served by Postroom, streams it back.
let s3: S3TestServer;
let server: TestServer;
let bucket = '';
const PREFIX = 'postroom-e2e';

before(async () => {
  s3 = await startRadosgw();
  bucket = await s3.createBucket();
  // Renders in a child process, as `postroom serve` does: the child opens the bucket from
  // the configuration its parent hands it.
  server = await startTestServer({ blobStore: s3.location(bucket, PREFIX), renders: 'child' });
});
after(async () => {
  await server?.close();
  await s3?.stop();
});

test('a rendered letter lives in the bucket and its signed link serves it', async () => {
  const key = await server.key({ org: 's3-letters' });
  const created = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(created.status, 201, created.text);
  const letter = await waitForLetter(server, key, created.body.id);
  assert.ok(letter.url, 'rendered');

  const link = new URL(letter.url);
  assert.equal(link.origin, server.url, 'served by Postroom, not by the bucket');
  const res = await fetch(link);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  const served = Buffer.from(await res.arrayBuffer());
  assert.equal(served.subarray(0, 5).toString(), '%PDF-');
  assert.equal(Number(res.headers.get('content-length')), served.length);

  const blobKey = link.pathname.slice(`${SIGNED_FILES_PATH}/`.length);
  const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: `${PREFIX}/${blobKey}` }));
  assert.equal(object.ContentType, 'application/pdf');
  assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), served);
  assert.equal(
    existsSync(path.join(server.runtime.config.dataDir, 'blobs')),
    false,
    'nothing in the local folder',
  );

  // The link reads the bucket on every GET: once the object is gone it is a plain 404.
  await s3.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${PREFIX}/${blobKey}` }));
  await assert.rejects(fetchPdf(letter.url), /answered 404/);

  // With the S3 server gone the file is not known to be missing: a 5xx to retry, not a 404.
  await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: `${PREFIX}/${blobKey}`, Body: served }));
  assert.deepEqual(await fetchPdf(letter.url), served);
  await s3.stop();
  const down = await fetch(letter.url);
  assert.ok(down.status >= 500, `answered ${down.status}`);
});
