import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { isPrivateAddress } from '../../src/platform/private-address.js';
import { SafeFetchError, safeFetch } from '../../src/platform/safe-fetch.js';

let server: Server;
let base = '';

before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok') return res.end('hello');
    if (path === '/big') return res.end(Buffer.alloc(50_000, 1));
    if (path === '/big-chunked') {
      res.write(Buffer.alloc(30_000, 1));
      return res.end(Buffer.alloc(30_000, 1));
    }
    if (path === '/slow') return setTimeout(() => res.end('late'), 5_000).unref();
    if (path === '/redirect') return res.writeHead(302, { location: '/ok' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/missing') return res.writeHead(404).end();
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

async function refusal(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof SafeFetchError, `expected SafeFetchError, got ${err}`);
    return err;
  }
  assert.fail('expected the fetch to be refused');
}

test('private and loopback hosts are refused by default', async () => {
  assert.equal((await refusal(safeFetch(`${base}/ok`))).code, 'private_address');
  const port = (server.address() as AddressInfo).port;
  assert.equal((await refusal(safeFetch(`http://localhost:${port}/ok`))).code, 'private_address');
  assert.equal((await refusal(safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`))).code, 'private_address');
  // numeric spellings of 127.0.0.1 that URL parsing normalises
  assert.equal((await refusal(safeFetch(`http://2130706433:${port}/ok`))).code, 'private_address');
  assert.equal((await refusal(safeFetch(`http://0x7f.1:${port}/ok`))).code, 'private_address');
});

test('allowPrivate reaches a loopback server', async () => {
  const res = await safeFetch(`${base}/ok`, { allowPrivate: true });
  assert.equal(Buffer.from(res.bytes).toString(), 'hello');
  assert.equal(res.status, 200);
});

test('size limit applies to declared and streamed bodies', async () => {
  const big = await refusal(safeFetch(`${base}/big`, { allowPrivate: true, maxBytes: 10_000 }));
  assert.equal(big.code, 'too_large');
  const streamed = await refusal(safeFetch(`${base}/big-chunked`, { allowPrivate: true, maxBytes: 40_000 }));
  assert.equal(streamed.code, 'too_large');
  const fits = await safeFetch(`${base}/big`, { allowPrivate: true, maxBytes: 50_000 });
  assert.equal(fits.bytes.length, 50_000);
});

test('a slow server times out and is marked retryable', async () => {
  const started = Date.now();
  const err = await refusal(safeFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 }));
  assert.equal(err.code, 'timeout');
  assert.equal(err.retryable, true);
  assert.ok(Date.now() - started < 3_000);
});

test('redirects: refused with maxRedirects 0, followed within the bound, loops stop', async () => {
  const none = await refusal(safeFetch(`${base}/redirect`, { allowPrivate: true, maxRedirects: 0 }));
  assert.equal(none.code, 'too_many_redirects');
  const followed = await safeFetch(`${base}/redirect`, { allowPrivate: true });
  assert.equal(Buffer.from(followed.bytes).toString(), 'hello');
  assert.equal(followed.url, `${base}/ok`);
  assert.equal((await refusal(safeFetch(`${base}/loop`, { allowPrivate: true }))).code, 'too_many_redirects');
});

test('HTTP errors and bad schemes are reported', async () => {
  const missing = await refusal(safeFetch(`${base}/missing`, { allowPrivate: true }));
  assert.equal(missing.code, 'http_status');
  assert.equal(missing.retryable, false);
  assert.equal((await refusal(safeFetch('file:///etc/passwd'))).code, 'invalid_url');
  assert.equal((await refusal(safeFetch('not a url'))).code, 'invalid_url');
});

test('isPrivateAddress covers IPv4, IPv6 and IPv4 inside IPv6', () => {
  const privateOnes = [
    '127.0.0.1',
    '10.1.2.3',
    '172.31.255.1',
    '192.168.0.9',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::5',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    '[::1]',
    'fe80::1%eth0',
    'not-an-ip',
  ];
  for (const ip of privateOnes) assert.equal(isPrivateAddress(ip), true, ip);
  const publicOnes = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];
  for (const ip of publicOnes) assert.equal(isPrivateAddress(ip), false, ip);
});

test('the socket lookup hook refuses private answers, so a name cannot rebind to one', async () => {
  const { checkedLookup } = await import('../../src/platform/checked-lookup.js');
  const ask = (allow: boolean, all: boolean) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) =>
      checkedLookup(allow)('localhost', { all }, (err, result) => resolve({ err, result })),
    );
  const refused = await ask(false, true);
  assert.equal(refused.err?.name, 'PrivateAddressRefused');
  const single = await ask(false, false);
  assert.equal(single.err?.name, 'PrivateAddressRefused');
  const allowed = await ask(true, true);
  assert.equal(allowed.err, null);
  assert.ok(Array.isArray(allowed.result) && allowed.result.length > 0);
});
