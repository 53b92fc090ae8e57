import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { csvOf, generatedRows, IMPORTS, importForm } from '../helpers/mailing-list-imports.js';

// A multipart body that ends before its closing delimiter is a 400 naming the body, and
// nothing of it is kept: not the parts that came whole, not a file streamed into the blob
// store (issue R2 §4).
const B = 'PostroomCut';
const CONTACTS = '/print-mail/v1/contacts';
const part = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${value}\r\n`;
const whole = part('firstName', 'Ann') + part('addressLine1', '1 Main St') + part('city', 'Boston');
const CLOSE = `--${B}--\r\n`;

let server: TestServer;
let key: string;
before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'cut-multipart' });
});
after(() => server.close());

const send = (body: string, path = CONTACTS) =>
  server.request('POST', path, { key, raw: { body, contentType: `multipart/form-data; boundary=${B}` } });
const count = async () => (await server.request('GET', CONTACTS, { key })).body.totalCount as number;

test('a body cut anywhere before its closing delimiter is a 400 naming the body; nothing is written', async () => {
  const cuts: Record<string, string> = {
    'no closing delimiter': whole,
    'cut inside the last value': whole.slice(0, -4),
    'cut inside a part header': `${whole}--${B}\r\nContent-Disposition: form-d`,
    'cut inside a file part': `${whole}${filePart('metadata[note]', 'half a fi')}`.slice(0, -4),
    'cut inside the closing delimiter': `${whole}--${B}-`,
  };
  for (const [name, body] of Object.entries(cuts)) {
    const res = await send(body);
    assert.equal(res.status, 400, `${name}: ${res.text}`);
    assert.equal(res.body.error.type, 'validation_error', name);
    assert.match(res.body.error.message, /^body is cut off/, name);
  }
  assert.equal(await count(), 0);
});

test('a whole body is taken, with or without an epilogue after its delimiter', async () => {
  const plain = await send(whole + CLOSE);
  assert.equal(plain.status, 201, plain.text);
  assert.equal(plain.body.city, 'Boston');
  const epilogue = await send(`${whole}${CLOSE}an epilogue RFC 2046 allows\r\n`);
  assert.equal(epilogue.status, 201, epilogue.text);
});

test('a delimiter split across packets is still found', async () => {
  const body =
    part('firstName', 'Packets') + part('addressLine1', '2 Main St') + part('city', 'Boston') + CLOSE;
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  socket.write(
    `POST ${CONTACTS} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  for (let i = 0; i < body.length; i += 5) {
    socket.write(body.slice(i, i + 5));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => socket.on('close', resolve));
  assert.match(text, /^HTTP\/1\.1 201 /);
});

test('a CSV upload cut short is refused and its partial file removed', async () => {
  const form = importForm(csvOf(generatedRows(50, 'cut')));
  const response = new Response(form);
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  const cut = bytes.subarray(0, bytes.length - 200).toString('latin1');
  const res = await server.request('POST', IMPORTS, { key, raw: { body: cut, contentType } });
  assert.equal(res.status, 400, res.text);
  assert.match(res.body.error.message, /^body is cut off/);
  const list = await server.request('GET', IMPORTS, { key });
  assert.equal(list.body.totalCount, 0);
  const folder = path.join(server.runtime.config.dataDir, 'blobs');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  assert.deepEqual(
    files.map((f) => f.name),
    [],
    'no partial upload left in the blob store',
  );
});
