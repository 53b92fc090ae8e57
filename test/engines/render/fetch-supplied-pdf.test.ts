import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { RenderInputError, RenderUnavailableError } from '../../../src/engines/render/errors.js';
import { fetchSuppliedPdf } from '../../../src/engines/render/pdf/fetch-supplied-pdf.js';
import { makePdf } from './pdf-helpers.js';

let server: Server;
let base = '';
let pdf: Uint8Array;

before(async () => {
  pdf = await makePdf(612, 792, 1);
  server = createServer((req, res) => {
    if (req.url === '/letter.pdf') return res.end(pdf);
    if (req.url === '/page.html') return res.end('<html>not a pdf</html>');
    if (req.url === '/down') return res.writeHead(503).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

const allowed = { field: 'pdf', allowPrivate: true };

test('a PDF URL is downloaded', async () => {
  const bytes = await fetchSuppliedPdf(`${base}/letter.pdf`, allowed);
  assert.deepEqual(bytes, pdf);
});

test('bad PDF URLs are RenderInputError naming the field', async () => {
  const cases: Array<[string, string, { field: string; allowPrivate: boolean }]> = [
    [`${base}/letter.pdf`, 'private_address', { field: 'attachedPDF.file', allowPrivate: false }],
    [`${base}/page.html`, 'not_pdf', allowed],
    [`${base}/missing.pdf`, 'fetch_failed', allowed],
  ];
  for (const [url, code, opts] of cases) {
    await assert.rejects(fetchSuppliedPdf(url, opts), (err: unknown) => {
      assert.ok(err instanceof RenderInputError, `${url}: ${err}`);
      assert.equal(err.code, code);
      assert.equal(err.field, opts.field);
      assert.ok(err.message.startsWith(`${opts.field}: `), err.message);
      return true;
    });
  }
});

test('a failing host is retryable', async () => {
  await assert.rejects(fetchSuppliedPdf(`${base}/down`, allowed), RenderUnavailableError);
});
