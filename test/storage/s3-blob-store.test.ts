import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  type BlobBucket,
  blobLocationOf,
  blobRootLabel,
  parseBlobLocation,
} from '../../src/config/blob-location.js';
import { loadConfig } from '../../src/config/config.js';
import { openBlobStore } from '../../src/storage/open-blob-store.js';
import { S3BlobStore } from '../../src/storage/s3-blob-store.js';
import { type S3TestServer, startRadosgw } from '../helpers/radosgw.js';
import { blobStoreContract } from './blob-store-contract.js';

// A real S3 server (Ceph's RADOS Gateway) for the whole file; never skipped: without Ceph's
// packages the test fails and says how to install them.
let s3: S3TestServer;
before(async () => {
  s3 = await startRadosgw();
});
after(() => s3?.stop());

let contractBucket = '';
blobStoreContract('S3 (Ceph RADOS Gateway)', async () => {
  contractBucket = await s3.createBucket();
  const store = new S3BlobStore(s3.location(contractBucket, 'postroom/blobs'));
  return { store, close: async () => store.close() };
});

test('objects sit under the prefix with their content type, and aborted uploads leave no parts', async () => {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: contractBucket }));
  const keys = (listed.Contents ?? []).map((o) => o.Key);
  assert.ok(keys.includes('postroom/blobs/batches/big/print.pdf'), keys.join(', '));
  assert.ok(keys.length > 0 && keys.every((k) => k?.startsWith('postroom/blobs/')), keys.join(', '));
  const head = await s3.client.send(
    new GetObjectCommand({ Bucket: contractBucket, Key: 'postroom/blobs/imports/report.csv' }),
  );
  assert.equal(head.ContentType, 'text/csv');
  await head.Body?.transformToByteArray();
  const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: contractBucket }));
  assert.deepEqual(uploads.Uploads ?? [], [], 'the failed 10 MiB upload was aborted');
});

test('a bucket without a prefix keeps keys at its root', async () => {
  const bucket = await s3.createBucket();
  const store = await openBlobStore(s3.location(bucket));
  await store.put('letters/test/l.pdf', new Uint8Array([1]));
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
  assert.deepEqual(
    (listed.Contents ?? []).map((o) => o.Key),
    ['letters/test/l.pdf'],
  );
});

test('start-up refuses a missing bucket and wrong credentials, naming the bucket', async () => {
  await assert.rejects(
    openBlobStore(s3.location('no-such-bucket-here')),
    /bucket "no-such-bucket-here" is not usable \(404/,
  );
  const bucket = await s3.createBucket();
  const wrong = {
    ...s3.location(bucket),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'wrong' },
  };
  await assert.rejects(openBlobStore(wrong), new RegExp(`bucket "${bucket}" is not usable \\(403`));
});

test('POSTROOM_BLOB_URL and the AWS variables make the location', () => {
  const config = loadConfig({
    POSTROOM_BLOB_URL: 's3://print-files/postroom/prod/?forcePathStyle=true',
    AWS_ENDPOINT_URL: 'http://other.example:9000',
    AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:7480',
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'AKID',
    AWS_SECRET_ACCESS_KEY: 'SECRET',
  });
  assert.deepEqual(config.blobStore, {
    kind: 's3',
    bucket: 'print-files',
    prefix: 'postroom/prod',
    forcePathStyle: true,
    region: 'eu-west-3',
    endpoint: 'http://127.0.0.1:7480',
    credentials: { accessKeyId: 'AKID', secretAccessKey: 'SECRET' },
  });
  assert.equal(blobRootLabel(config.blobStore!), 's3://print-files/postroom/prod');

  // AWS's own endpoint and the SDK's credential chain (roles, profiles) when none is given.
  assert.deepEqual(parseBlobLocation('s3://b-1', {}), {
    kind: 's3',
    bucket: 'b-1',
    prefix: '',
    forcePathStyle: false,
    region: 'us-east-1',
  });
  assert.equal(
    (parseBlobLocation('s3://b-1', { endpoint: 'http://a:1' }) as BlobBucket).endpoint,
    'http://a:1',
  );

  // Unset: the data dir's folder, wherever the data dir ends up; file:// another folder.
  const plain = loadConfig({ POSTROOM_DATA_DIR: '/var/lib/postroom' });
  assert.equal(plain.blobStore, undefined);
  assert.deepEqual(blobLocationOf(plain), { kind: 'folder', dir: '/var/lib/postroom/blobs' });
  assert.deepEqual(blobLocationOf({ ...plain, dataDir: '/tmp/elsewhere' }), {
    kind: 'folder',
    dir: '/tmp/elsewhere/blobs',
  });
  assert.deepEqual(loadConfig({ POSTROOM_BLOB_URL: 'file:///srv/blobs' }).blobStore, {
    kind: 'folder',
    dir: '/srv/blobs',
  });
});

test('a POSTROOM_BLOB_URL that does not read is refused at start-up, naming the variable', () => {
  const bad: Array<[string, RegExp]> = [
    ['/srv/blobs', /POSTROOM_BLOB_URL must be a file:\/\/ or s3:\/\/ URL/],
    ['gs://bucket', /POSTROOM_BLOB_URL must be a file:\/\/ or s3:\/\/ URL/],
    ['s3://', /valid bucket name/],
    ['s3://Upper_Case', /valid bucket name/],
    ['s3://ab', /valid bucket name/],
    ['s3://bucket:9000/x', /valid bucket name/],
    ['s3://bucket/../up', /prefix may hold only/],
    ['s3://bucket/a b', /prefix may hold only/],
    ['s3://bucket?pathStyle=1', /unknown option "pathStyle"/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['file:///srv/blobs?x=1', /takes no query/],
  ];
  for (const [value, error] of bad)
    assert.throws(() => loadConfig({ POSTROOM_BLOB_URL: value }), error, value);
  assert.throws(
    () => loadConfig({ POSTROOM_BLOB_URL: 's3://bucket', AWS_ENDPOINT_URL_S3: 'localhost:9000' }),
    /AWS_ENDPOINT_URL_S3 \/ AWS_ENDPOINT_URL must be an http\(s\) URL/,
  );
  assert.throws(
    () => loadConfig({ POSTROOM_BLOB_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKID' }),
    /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
  );
});
