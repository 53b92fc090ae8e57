import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { SafeFetchError } from '../../../src/platform/safe-fetch-error.js';

let server: Server;
let base = '';
let hits = 0;

before(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/missing.png') return res.writeHead(404).end();
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'image/PNG; charset=binary' }).end('png-bytes'),
      50,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

test('concurrent and repeated requests for one asset download it once', async () => {
  const fetchAsset = createAssetFetcher(true);
  hits = 0;
  const [a, b] = await Promise.all([fetchAsset(`${base}/logo.png`), fetchAsset(`${base}/logo.png`)]);
  const c = await fetchAsset(`${base}/logo.png`);
  assert.equal(hits, 1);
  assert.equal(Buffer.from(a.bytes).toString(), 'png-bytes');
  assert.equal(a.contentType, 'image/png');
  assert.equal(b, a);
  assert.equal(c, a);
});

test('failures are not cached and private hosts are refused without allowPrivate', async () => {
  const fetchAsset = createAssetFetcher(true);
  hits = 0;
  await assert.rejects(fetchAsset(`${base}/missing.png`), SafeFetchError);
  await assert.rejects(fetchAsset(`${base}/missing.png`), SafeFetchError);
  assert.equal(hits, 2);
  await assert.rejects(createAssetFetcher(false)(`${base}/logo.png`), (err: unknown) => {
    return err instanceof SafeFetchError && err.code === 'private_address';
  });
});
