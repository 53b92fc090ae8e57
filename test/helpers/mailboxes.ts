import assert from 'node:assert/strict';
import type { MailroomAddress } from '../../src/config/mailroom.js';
import { pdfLib } from '../../src/platform/packages-on-first-use.js';
import type { TestServer } from './harness.js';

export const MAILBOXES = '/print-mail/v1/virtual_mailboxes';
export const OPERATOR = '/operator/v1/virtual_mailboxes';
export const OPERATOR_TOKEN = 'op-token-for-tests-0123456789abcdefghij';
export const MAILROOM: MailroomAddress = {
  addressLine1: '145 Mulberry St',
  addressLine2: 'Ste 200',
  city: 'New York',
  provinceOrState: 'NY',
  postalOrZip: '10013',
};

/** A small PDF like a scanner makes: `pages` pages of `size` points, each saying `label` and its number. */
export async function scanPdf(
  label: string,
  pages = 1,
  size: [number, number] = [684, 297],
): Promise<Buffer> {
  const doc = await pdfLib().PDFDocument.create();
  const font = await doc.embedFont(pdfLib().StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage(size).drawText(`${label} page ${i}`, { x: 30, y: size[1] / 2, size: 14, font });
  return Buffer.from(await doc.save());
}

export async function createMailbox(server: TestServer, key: string, json: Record<string, unknown> = {}) {
  const res = await server.request('POST', MAILBOXES, { key, json: { countryCode: 'US', ...json } });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** The operator API's receive, as a mail room's tool sends it: multipart with the scans as files. */
export function receive(
  server: TestServer,
  mailbox: string,
  parts: { envelope?: Buffer; contents?: Buffer; fields?: Record<string, string> } = {},
  token = OPERATOR_TOKEN,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  for (const name of ['envelope', 'contents'] as const) {
    const bytes = parts[name];
    if (bytes)
      form.append(name, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${name}.pdf`);
  }
  return server.request('POST', `${OPERATOR}/${encodeURIComponent(mailbox)}/items`, {
    multipart: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `GET ${url}`);
  return Buffer.from(await res.arrayBuffer());
}
