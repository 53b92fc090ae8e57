import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { installBodyParsers } from '../../src/platform/body-parsers.js';
import { receiveCsvUploads } from '../../src/platform/csv/csv-upload.js';
import type { ReceivedCsv } from '../../src/platform/csv/received-csv.js';
import { installErrorHandling } from '../../src/platform/error-handler.js';
import { FsBlobStore } from '../../src/storage/fs-blob-store.js';

// A bare app with only the upload hooks, so a file over the limit can be a few kilobytes.
const MAX_BYTES = 4096;
let app: FastifyInstance;
let root: string;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'postroom-csv-upload-'));
  app = Fastify();
  installErrorHandling(app);
  await installBodyParsers(app, 1024 * 1024);
  app.addHook('onRequest', async (request) => {
    request.auth = { orgId: 'org_test', live: false } as typeof request.auth;
  });
  receiveCsvUploads(app, new FsBlobStore(root), {
    folder: 'uploads',
    maxBytes: MAX_BYTES,
    takenBy: 'this test',
    isCreate: (request) => request.method === 'POST',
    isJsonField: () => false,
  });
  app.post('/upload', async (request, reply) => {
    const { file } = request.body as { file: ReceivedCsv };
    return reply.code(201).send({ rows: file.rowCount, header: file.header });
  });
});
after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

function multipart(files: Array<[string, string]>) {
  const boundary = 'csvUploadTestBoundary';
  const parts = files.map(
    ([name, content]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = async (files: Array<[string, string]>) => {
  const res = await app.inject({ method: 'POST', url: '/upload', ...multipart(files) });
  return { status: res.statusCode, body: res.json() };
};

const storedFiles = () =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;

test('a file under the limit is received whole', async () => {
  const res = await upload([['file', `Address,City\n${'1 Main St,Springfield\n'.repeat(50)}`]]);
  assert.equal(res.status, 201);
  assert.deepEqual(res.body, { rows: 50, header: ['Address', 'City'] });
});

test('a file over the limit is a 413 naming file and its limit, whatever its last row looks like', async () => {
  const before = storedFiles();
  const rows = '1 Main St,Springfield\n'.repeat(400); // ~8.8 KB, twice the limit
  // Cut at the limit, plain rows would read as a shorter file, and a quoted field as a bad one.
  const quoted = `"1 Main St\n${'x'.repeat(8000)}",Springfield\n`;
  for (const content of [`Address,City\n${rows}`, `Address,City\n${quoted}`]) {
    const res = await upload([['file', content]]);
    assert.equal(res.status, 413, JSON.stringify(res.body));
    assert.equal(res.body.error.type, 'payload_too_large_error');
    assert.match(res.body.error.message, /^file is larger than this test takes \(0\.00390625 MB\)/);
  }
  assert.equal(storedFiles(), before, 'nothing of a refused file is kept');
});

test('a second file part is refused by name', async () => {
  const csv = 'Address\n1 Main St\n';
  const twice = await upload([
    ['file', csv],
    ['file', csv],
  ]);
  assert.equal(twice.status, 400);
  assert.match(twice.body.error.message, /^file is sent twice/);
  const other = await upload([['attachment', csv]]);
  assert.equal(other.status, 400);
  assert.match(other.body.error.message, /^attachment cannot be a file/);
});

const post = async (json: unknown) => {
  const res = await app.inject({ method: 'POST', url: '/upload', payload: json as object });
  return { status: res.statusCode, body: res.json() };
};

test('a file sent inline in the body, base64 or a data: URL, is received like an upload', async () => {
  const csv = `Address,City\n${'1 Main St,Springfield\n'.repeat(3)}`;
  for (const file of [
    Buffer.from(csv).toString('base64'),
    Buffer.from(csv).toString('base64url'),
    `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`,
    `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`,
  ]) {
    const res = await post({ file });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body, { rows: 3, header: ['Address', 'City'] });
  }
});

test('an inline file is refused as an upload is: over the limit a 413, bad base64 or a URL a 400 naming file', async () => {
  const before = storedFiles();
  const big = await post({ file: Buffer.from(`Address\n${'1 Main St\n'.repeat(500)}`).toString('base64') });
  assert.equal(big.status, 413, JSON.stringify(big.body));
  assert.match(big.body.error.message, /^file is larger than this test takes/);
  const cases: Array<[unknown, RegExp]> = [
    ['QWRk!cmVzcw==', /^file is not valid base64: character 5 is '!'/],
    [
      'https://example.com/list.csv',
      /^file is a URL, which this field does not fetch: it must be the CSV file itself/,
    ],
    [42, /^file must be the CSV file itself in base64 or as a data: URL/],
    ['data:text/csv,', /^file is empty/],
  ];
  for (const [file, message] of cases) {
    const res = await post({ file });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.match(res.body.error.message, message);
  }
  assert.equal(storedFiles(), before, 'nothing of a refused file is kept');
});
