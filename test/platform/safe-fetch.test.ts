import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { isPrivateAddress, isPrivateHost, normalizeHost } from '../../src/platform/private-address.js';
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
  assert.equal((await refusal(safeFetch(`http://[::ffff:0:127.0.0.1]:${port}/ok`))).code, 'private_address');
  assert.equal((await refusal(safeFetch(`http://localhost.:${port}/ok`))).code, 'private_address');
  assert.equal((await refusal(safeFetch(`http://LOCALHOST.:${port}/ok`))).code, 'private_address');
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

test('every special-purpose block of the IANA registries is private, and IPv4 inside IPv6 by its IPv4', () => {
  const registry: Array<[string, boolean]> = [
    // IPv4 registry (RFC 6890 and updates): one address inside and one just outside each block
    ['0.255.255.255', true],
    ['1.0.0.0', false],
    ['100.63.255.255', false],
    ['100.127.255.255', true],
    ['126.255.255.255', false],
    ['127.255.255.254', true],
    ['192.0.0.9', true],
    ['192.0.1.0', false],
    ['192.0.2.255', true],
    ['192.88.99.1', true],
    ['198.17.255.255', false],
    ['198.19.255.255', true],
    ['198.51.100.7', true],
    ['203.0.113.200', true],
    ['203.0.114.0', false],
    ['239.255.255.255', true],
    ['240.0.0.1', true],
    // IPv6 registry
    ['::ffff:0:127.0.0.1', true], // IPv4-translated (::ffff:0:0/96)
    ['::ffff:0:7f00:1', true],
    ['::ffff:0:8.8.8.8', false],
    ['::127.0.0.1', true], // IPv4-compatible (deprecated)
    ['64:ff9b::8.8.8.8', false], // NAT64 to a public address
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b:1::1', true], // local-use translation
    ['100::1', true], // discard-only
    ['100:0:0:1::1', true], // dummy prefix
    ['2001::1', true], // Teredo
    ['2001:2::1', true], // benchmarking
    ['2001:1ff:ffff::1', true], // end of 2001::/23
    ['2001:200::1', false], // just past it
    ['2001:db8::1', true],
    ['3fff:fff::1', true], // documentation (RFC 9637)
    ['5f00::1', true], // segment routing
    ['2002:7f00:1::1', true], // 6to4 of 127.0.0.1
    ['2002:808:808::1', false], // 6to4 of 8.8.8.8
    ['fec0::1', true],
    ['fbff::1', false],
  ];
  for (const [ip, expected] of registry) assert.equal(isPrivateAddress(ip), expected, ip);
});

test('host names are judged as DNS reads them: case, trailing dots and IDNA', () => {
  for (const host of [
    'localhost',
    'localhost.',
    'LOCALHOST.',
    'LocalHost..',
    'a.b.localhost.',
    'printer.local',
    'nas.home.arpa',
    'db.internal',
    '[::1]',
    '127.0.0.1.',
    'xn--',
    '',
  ])
    assert.equal(isPrivateHost(host), true, host);
  for (const host of ['example.com', 'EXAMPLE.com.', 'localhost.example.com', 'bücher.example', '8.8.8.8'])
    assert.equal(isPrivateHost(host), false, host);
  assert.equal(normalizeHost('Bücher.Example.'), 'xn--bcher-kva.example');
  assert.equal(normalizeHost('[FE80::1%eth0]'), 'fe80::1');
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
