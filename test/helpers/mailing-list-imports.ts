import assert from 'node:assert/strict';
import type { TestServer } from './harness.js';

export const IMPORTS = '/print-mail/v1/mailing_list_imports';
export const LISTS = '/print-mail/v1/mailing_lists';

/** Contact field → column, for files made by csvOf. */
export const MAPPING = {
  firstName: 'First Name',
  lastName: 'Last Name',
  addressLine1: 'Address',
  city: 'City',
  provinceOrState: 'State',
  postalOrZip: 'ZIP',
  countryCode: 'Country',
  description: 'Note',
};
export const HEADER = [
  'First Name',
  'Last Name',
  'Address',
  'City',
  'State',
  'ZIP',
  'Country',
  'Note',
  'Offer',
];

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A CSV of these rows (cells in HEADER's order), CRLF line ends as spreadsheets write them. */
export const csvOf = (rows: string[][], header = HEADER) =>
  [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** `n` distinct test-mode rows (Reader1…, one Louisville street), tagged with `tag` in the Offer column. */
export const generatedRows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => [
    `Reader${i + 1}`,
    tag,
    `${100 + i} Main St`,
    'Louisville',
    'KY',
    '40202',
    'US',
    '',
    tag,
  ]);

/** The create as a multipart body: the fields with bracket keys, the CSV as the `file` part. */
export function importForm(csv: string | Uint8Array, fields: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown): void => {
    if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else if (value !== undefined) form.append(name, String(value));
  };
  for (const [k, v] of Object.entries({ fileType: 'csv', receiverAddressMapping: MAPPING, ...fields }))
    add(k, v);
  const bytes = new Uint8Array(typeof csv === 'string' ? Buffer.from(csv) : csv);
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'contacts.csv');
  return form;
}

export async function createImport(
  server: TestServer,
  key: string,
  csv: string,
  fields: Record<string, unknown> = {},
) {
  const res = await server.request('POST', IMPORTS, { key, multipart: importForm(csv, fields) });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** Polls an import (or a list) until `done` says so. */
export async function waitFor(
  server: TestServer,
  key: string,
  path: string,
  done: (doc: any) => boolean,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('GET', path, { key });
    assert.equal(res.status, 200, res.text);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`${path} not done in time: ${res.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const importDone = (server: TestServer, key: string, id: string, timeoutMs?: number) =>
  waitFor(server, key, `${IMPORTS}/${id}`, (doc) => doc.status !== 'validating', timeoutMs);

export const listDone = (server: TestServer, key: string, id: string) =>
  waitFor(server, key, `${LISTS}/${id}`, (doc) => doc.status === 'completed');
