import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pdfLib } from '../../src/platform/packages-on-first-use.js';
import type { TestServer } from './harness.js';
import { waitForOrder } from './orders.js';

const run = promisify(execFile);
export const LETTERS = '/print-mail/v1/letters';

export const alice = {
  firstName: 'Alice',
  lastName: 'Reader',
  addressLine1: '20 Recipient Way',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
};
export const bob = {
  companyName: 'Sender Co',
  addressLine1: '1 Sender Plaza',
  city: 'Albany',
  provinceOrState: 'NY',
  postalOrZip: '12207',
  countryCode: 'US',
};

export const letterBody = (extra: Record<string, unknown> = {}) => ({
  to: alice,
  from: bob,
  html: '<p>Hello {{to.firstName}}, your code is {{code}}.</p>',
  mergeVariables: { code: 'Z-42' },
  ...extra,
});

/** Polls the letter until `done` holds (renders take a moment), or fails after `timeoutMs`. */
export const waitForLetter = (
  server: TestServer,
  key: string,
  id: string,
  done?: (letter: any) => boolean,
  timeoutMs?: number,
) => waitForOrder(server, key, LETTERS, id, done, timeoutMs);

export async function fetchPdf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export async function pdfPages(pdf: Buffer): Promise<Array<{ width: number; height: number }>> {
  const doc = await pdfLib().PDFDocument.load(pdf);
  return doc.getPages().map((p) => p.getSize());
}

/** Text of the PDF (pdftotext), optionally of one page and a crop in inches from the top-left. */
export async function pdfText(
  pdf: Buffer,
  opts: { page?: number; crop?: { x: number; y: number; w: number; h: number } } = {},
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-pdf-'));
  const file = path.join(dir, 'in.pdf');
  writeFileSync(file, pdf);
  const args: string[] = [];
  if (opts.page) args.push('-f', String(opts.page), '-l', String(opts.page));
  if (opts.crop) {
    const pt = (n: number) => String(Math.round(n * 72));
    args.push(
      '-r',
      '72',
      '-x',
      pt(opts.crop.x),
      '-y',
      pt(opts.crop.y),
      '-W',
      pt(opts.crop.w),
      '-H',
      pt(opts.crop.h),
    );
  }
  const { stdout } = await run('pdftotext', [...args, file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** A letter-sized PDF whose pages say `label page N`. */
export async function makePdf(
  label: string,
  pages = 1,
  size: [number, number] = [612, 792],
): Promise<Buffer> {
  const doc = await pdfLib().PDFDocument.create();
  const font = await doc.embedFont(pdfLib().StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(size);
    page.drawText(`${label} page ${i}`, { x: 72, y: size[1] / 2, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

/** A loopback server answering each path with the given body and type. */
export async function serveFiles(files: Record<string, { body: Buffer | string; type: string }>) {
  const server: Server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}
