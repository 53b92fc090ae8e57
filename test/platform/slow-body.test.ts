import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// A client that sends its body a byte at a time is answered 408 and cut off once the request
// timeout passes, while other clients are served as usual meanwhile (issue R2 §2).
const REQUEST_TIMEOUT_MS = 1_500;
let server: TestServer;
let key: string;
before(async () => {
  server = await startTestServer({ requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: 1_000 });
  key = await server.key({ org: 'slow' });
});
after(() => server.close());

interface Slow {
  socket: Socket;
  answer: Promise<{ text: string; closedAfterMs: number }>;
}

function slowClient(head: string, drip: string | undefined): Slow {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  const started = Date.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (text += chunk));
  socket.write(head);
  const timer =
    drip === undefined ? undefined : setInterval(() => socket.writable && socket.write(drip), 200);
  const answer = new Promise<{ text: string; closedAfterMs: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    }),
  );
  socket.on('error', () => {});
  return { socket, answer };
}

test('a body dripped a byte at a time gets 408 and a closed connection; other clients are served meanwhile', async () => {
  const body = JSON.stringify({ firstName: 'Slow', addressLine1: '1 Main St', countryCode: 'US' });
  const slow = slowClient(
    `POST /print-mail/v1/contacts HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    ' ',
  );
  let served = 0;
  const deadline = Date.now() + REQUEST_TIMEOUT_MS + 500;
  while (Date.now() < deadline) {
    const res = await server.request('GET', '/print-mail/v1/contacts?limit=1', { key });
    assert.equal(res.status, 200);
    served++;
  }
  const { text, closedAfterMs } = await slow.answer;
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.match(text, /"type":"request_timeout_error"/);
  assert.ok(
    closedAfterMs >= REQUEST_TIMEOUT_MS && closedAfterMs < REQUEST_TIMEOUT_MS + 3_000,
    `${closedAfterMs} ms`,
  );
  assert.ok(served > 3, `${served} other requests served while the slow one waited`);
  const contacts = await server.request('GET', '/print-mail/v1/contacts', { key });
  assert.equal(contacts.body.totalCount, 0, 'nothing was written from the cut body');
});

test('headers sent too slowly get 408 too', async () => {
  const slow = slowClient('GET /print-mail/v1/contacts HTTP/1.1\r\nHost: x\r\n', 'X-A: b\r\n');
  const { text, closedAfterMs } = await slow.answer;
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.ok(closedAfterMs < 1_000 + 3_000, `${closedAfterMs} ms`);
});

test('a slow but steady request within the timeout is answered as usual', async () => {
  const body = JSON.stringify({ firstName: 'Steady', addressLine1: '2 Main St', countryCode: 'US' });
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (text += chunk));
  socket.write(
    `POST /print-mail/v1/contacts HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.write(body);
  await new Promise((resolve) => socket.on('close', resolve));
  assert.match(text, /^HTTP\/1\.1 201 /);
});
