import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { LIMITS } from '../../src/engines/render/index.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, makePdf } from '../helpers/letters.js';
import { createMailbox, MAILROOM, OPERATOR, OPERATOR_TOKEN, scanPdf } from '../helpers/mailboxes.js';
import { csvOf, generatedRows, IMPORTS, MAPPING } from '../helpers/mailing-list-imports.js';
import { twoPagePdf } from '../helpers/mailpieces.js';
import { TEST_BANK_ACCOUNT } from '../helpers/order-bodies.js';
import { multipartOf } from '../helpers/orders.js';

/**
 * Files inside the JSON body (issue C1 §1). The hosted API's OpenAPI file types file fields
 * `format: byte`: the file itself, base64 in the JSON body, beside a URL and multipart, and the
 * Python SDK sends a file given as a path that way. Every such field of the OpenAPI file
 * (test/fixtures/openapi-file-fields.json, made from the file by
 * scripts/openapi-file-fields.ts), and every other field of Postroom's that takes a file, is sent good base64 (standard,
 * URL-safe and wrapped, a data: URL) and bad (not base64, base64 of something else, a file of
 * the wrong pages): a 201, or a 400 naming the field with nothing created.
 */

const V1 = '/print-mail/v1';
const LISTED = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/openapi-file-fields.json'), 'utf8'),
) as { fields: Array<{ operation: string; field: string }> };

let server: TestServer;
let bankAccount: string;

before(async () => {
  // No workers: these creates are about what the API takes; order-contract.ts renders a base64 PDF per kind.
  server = await startTestServer(
    { mailroomAddress: MAILROOM, operatorToken: OPERATOR_TOKEN },
    { workers: false },
  );
  const key = await server.key({ org: 'files-in-json-bank' });
  const res = await server.request('POST', `${V1}/bank_accounts`, { key, json: TEST_BANK_ACCOUNT });
  assert.equal(res.status, 201, res.text);
  bankAccount = res.body.id;
});
after(() => server.close());

/** A 1 × 1 PNG, byte for byte. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface FileCase {
  /** The operation as the OpenAPI file names it (its path under /print-mail/v1). */
  operation: string;
  /** The field, dotted as the error names it. */
  field: string;
  /** The create body without the file. */
  body(): Record<string, unknown>;
  /** A file the field takes. */
  good(): Promise<Buffer>;
  /** A file of the right type that the field refuses (pages, size), when it checks any. */
  wrong?(): Promise<Buffer>;
  /** How the refusal of a file of another type (a text file) reads, after the field's name. */
  notFile: RegExp;
  /** The answer may repeat the value (a field named a URL, kept as sent). */
  echoes?: boolean;
  /** Where the created resources are listed, to see a refusal made none. */
  list: string;
  /** The key's organization reads another list than the path's (the bank account's own). */
  org?: string;
}

const cardSides = (pages: number) => twoPagePdf(3.375, 2.125, pages);
const NOT_A_USABLE_PDF = /is not a usable PDF: .*the file is not a PDF/;

const CASES: FileCase[] = [
  {
    operation: 'POST /bank_accounts',
    field: 'signatureImage',
    body: () => ({ ...TEST_BANK_ACCOUNT, signatureText: undefined }),
    good: async () => PNG,
    notFile: /is not a PNG or JPEG image/,
    list: `${V1}/bank_accounts`,
  },
  {
    operation: 'POST /letters',
    field: 'pdf',
    body: () => ({ to: alice, from: bob }),
    good: () => makePdf('Supplied', 2),
    wrong: () => twoPagePdf(6, 4, 1),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/letters`,
  },
  {
    operation: 'POST /letters',
    field: 'attachedPDF.file',
    body: () => ({ to: alice, from: bob, html: '<p>Hi</p>', attachedPDF: { placement: 'after_template' } }),
    good: () => makePdf('Attached', 1),
    wrong: () => twoPagePdf(6, 4, 1),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/letters`,
  },
  {
    operation: 'POST /letters',
    field: 'plasticCard.singleSided.pdf',
    body: () => ({
      to: alice,
      from: bob,
      html: '<p>Hi</p>',
      plasticCard: { size: 'standard', singleSided: {} },
    }),
    good: () => cardSides(1),
    wrong: () => cardSides(2),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/letters`,
  },
  {
    operation: 'POST /letters',
    field: 'plasticCard.doubleSided.pdf',
    body: () => ({
      to: alice,
      from: bob,
      html: '<p>Hi</p>',
      plasticCard: { size: 'standard', doubleSided: {} },
    }),
    good: () => cardSides(2),
    wrong: () => cardSides(1),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/letters`,
  },
  {
    operation: 'POST /postcards',
    field: 'pdf',
    body: () => ({ to: alice, from: bob, size: '6x4' }),
    good: () => twoPagePdf(6.25, 4.25),
    wrong: () => twoPagePdf(6.25, 4.25, 3),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/postcards`,
  },
  {
    operation: 'POST /self-mailers',
    field: 'pdf',
    body: () => ({ to: alice, from: bob, size: '8.5x11_bifold' }),
    good: () => twoPagePdf(8.5, 11),
    wrong: () => twoPagePdf(6.25, 4.25),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/self_mailers`,
  },
  // Postroom's other fields that take a file: the same forms, through the same code.
  {
    operation: 'POST /snap_packs',
    field: 'pdf',
    body: () => ({ to: alice, from: bob, size: '8.5x11_bifold_v' }),
    good: () => twoPagePdf(8.75, 11.25),
    wrong: () => twoPagePdf(6.25, 4.25),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/snap_packs`,
  },
  {
    operation: 'POST /cheques',
    field: 'letterPDF',
    body: () => ({ to: alice, from: bob, bankAccount, amount: 5000 }),
    good: () => makePdf('Supplied', 1),
    wrong: () => twoPagePdf(6, 4, 1),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/cheques`,
    org: 'files-in-json-bank',
  },
  {
    operation: 'POST /cheques',
    field: 'logoURL',
    body: () => ({ to: alice, from: bob, bankAccount, amount: 5000 }),
    good: async () => PNG,
    notFile: /is not a PNG or JPEG image/,
    echoes: true,
    list: `${V1}/cheques`,
    org: 'files-in-json-bank',
  },
  {
    operation: 'POST /order_profiles/letters',
    field: 'pdf',
    body: () => ({ size: 'us_letter' }),
    good: () => makePdf('Supplied', 2),
    wrong: () => twoPagePdf(6, 4, 1),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/order_profiles/letters`,
  },
  {
    operation: 'POST /order_profiles/postcards',
    field: 'pdf',
    body: () => ({ size: '6x4' }),
    good: () => twoPagePdf(6.25, 4.25),
    wrong: () => twoPagePdf(6.25, 4.25, 3),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/order_profiles/postcards`,
  },
  {
    operation: 'POST /order_profiles/self_mailers',
    field: 'pdf',
    body: () => ({ size: '8.5x11_bifold' }),
    good: () => twoPagePdf(8.75, 11.25),
    wrong: () => twoPagePdf(6.25, 4.25),
    notFile: NOT_A_USABLE_PDF,
    list: `${V1}/order_profiles/self_mailers`,
  },
];

function withFile(body: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let at = copy;
  for (const k of keys.slice(0, -1)) {
    at[k] ??= {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
  return copy;
}

const urlSafeWrapped = (bytes: Buffer) =>
  bytes
    .toString('base64url')
    .replace(/(.{76})/g, '$1\r\n')
    .trim();

describe('files in the JSON body: the OpenAPI file’s format: byte fields', () => {
  test('every listed field has a case here', () => {
    for (const { operation, field } of LISTED.fields)
      assert.ok(
        CASES.some((c) => c.operation === operation && c.field === field),
        `${operation} ${field} has no case in files-in-json.test.ts`,
      );
  });
});

describe('files in the JSON body: good and bad base64 in every field that takes a file', () => {
  for (const c of CASES) {
    test(`${c.operation} ${c.field}`, async () => {
      const org = c.org ?? `files-${c.operation.replace(/\W+/g, '-')}-${c.field.replace(/\W+/g, '-')}`;
      const key = await server.key({ org });
      const at = `${V1}${c.operation.replace(/^POST /, '')}`;
      const post = (value: unknown) =>
        server.request('POST', at, { key, json: withFile(c.body(), c.field, value) });
      const count = async () => (await server.request('GET', `${c.list}?limit=1`, { key })).body.totalCount;
      const before = await count();

      const good = await c.good();
      const type = c.field === 'signatureImage' || c.field === 'logoURL' ? 'image/png' : 'application/pdf';
      const spellings = {
        'standard base64 (as the Python SDK sends a path)': good.toString('base64'),
        'URL-safe, unpadded, in 76-character lines': urlSafeWrapped(good),
        'a data: URL': `data:${type};base64,${good.toString('base64')}`,
      };
      for (const [name, value] of Object.entries(spellings)) {
        const res = await post(value);
        assert.equal(res.status, 201, `${name}: ${res.text}`);
        if (!c.echoes)
          assert.ok(
            !res.text.includes(good.toString('base64').slice(0, 60)),
            `${name}: the file is not echoed`,
          );
      }

      const refusals: Array<[string, unknown, RegExp]> = [
        ['not base64', 'JVBERi0x!LjQK', /is not valid base64: character 9 is '!'/],
        ['a URL without its scheme', 'example.com/file.pdf', /is neither a URL .* nor base64/],
        ['base64 of a text file', Buffer.from('hello, this is not the file').toString('base64'), c.notFile],
        ['a data: URL of a text file', 'data:text/plain,hello', c.notFile],
        ...(c.wrong
          ? [
              ['a file of the wrong pages', (await c.wrong()).toString('base64'), /is not a usable PDF/] as [
                string,
                unknown,
                RegExp,
              ],
            ]
          : []),
      ];
      for (const [name, value, message] of refusals) {
        const res = await post(value);
        assert.equal(res.status, 400, `${name}: ${res.text}`);
        assert.equal(res.body.error.type, 'validation_error', name);
        assert.ok(res.body.error.message.startsWith(`${c.field} `), `${name}: ${res.body.error.message}`);
        assert.match(res.body.error.message, message, name);
      }
      assert.equal(await count(), before + Object.keys(spellings).length, 'the refusals created nothing');
    });
  }
});

describe('files in the JSON body: other files', () => {
  test('a mailing list import’s CSV in base64 or a data: URL; bad base64 is a 400 naming file', async () => {
    const key = await server.key({ org: 'files-in-json-imports' });
    const csv = csvOf(generatedRows(3, 'inline'));
    const post = (file: unknown) =>
      server.request('POST', IMPORTS, {
        key,
        json: { file, fileType: 'csv', receiverAddressMapping: MAPPING },
      });
    for (const file of [
      Buffer.from(csv).toString('base64'),
      `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`,
      `data:text/csv,${encodeURIComponent(csv)}`,
    ]) {
      const res = await post(file);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.totalRowCount, 3);
    }
    for (const [file, message] of [
      ['not,base64,at all', /^file is neither a URL|^file is not valid base64/],
      [Buffer.from([0x41, 0x0a, 0xff, 0x0a]).toString('base64'), /^file is not UTF-8 text/],
    ] as const) {
      const res = await post(file);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, message);
    }
  });

  test('a bulk verification list’s CSV in base64 (it fetches no URL)', async () => {
    const key = await server.key({ org: 'files-in-json-lists', product: 'addver' });
    const csv = 'Street,Town,State,Zip\r\n100 Main St,Louisville,KY,40202\r\n';
    const post = (file: unknown) =>
      server.request('POST', '/v1/addver_lists', {
        key,
        json: {
          file,
          name: 'inline',
          mappings: { line1: 'Street', city: 'Town', provinceOrState: 'State', postalOrZip: 'Zip' },
        },
      });
    const res = await post(Buffer.from(csv).toString('base64'));
    assert.equal(res.status, 201, res.text);
    const refused = await post('https://example.com/list.csv');
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.text, /file is a URL, which this field does not fetch/);
  });

  test('an operator’s scans in base64 or a data: URL', async () => {
    const key = await server.key({ org: 'files-in-json-mailbox' });
    const mailbox = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
    const receive = (json: unknown) =>
      server.request('POST', `${OPERATOR}/${mailbox.id}/items`, {
        json,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
    const envelope = await scanPdf('Envelope');
    const ok = await receive({
      envelope: envelope.toString('base64'),
      contents: `data:application/pdf;base64,${(await scanPdf('Contents', 2)).toString('base64')}`,
    });
    assert.equal(ok.status, 201, ok.text);
    const bad = await receive({ envelope: 'JVBERi0x!LjQK' });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.text, /envelope is not valid base64/);
    const url = await receive({ envelope: 'https://example.com/scan.pdf' });
    assert.equal(url.status, 400, url.text);
    assert.match(url.text, /envelope is a URL, which this field does not fetch/);
  });
});

describe('files in the JSON body: an Idempotency-Key covers the file', () => {
  test('the same file again replays the create; another file under the same key is a 422, inline or uploaded', async () => {
    const key = await server.key({ org: 'files-in-json-idempotency' });
    const body = { to: alice, from: bob, size: '6x4' };
    const [one, two] = [await twoPagePdf(6.25, 4.25), await twoPagePdf(6, 4)];
    const sends: Array<[string, (pdf: Buffer) => { json?: unknown; multipart?: FormData }]> = [
      ['base64', (pdf) => ({ json: { ...body, pdf: pdf.toString('base64') } })],
      ['multipart', (pdf) => ({ multipart: multipartOf(body, { pdf }) })],
    ];
    for (const [name, send] of sends) {
      const headers = { 'idempotency-key': `files-${name}` };
      const post = (pdf: Buffer) => server.request('POST', `${V1}/postcards`, { key, headers, ...send(pdf) });
      const first = await post(one);
      assert.equal(first.status, 201, `${name}: ${first.text}`);
      const again = await post(one);
      assert.equal(again.status, 201, `${name}: ${again.text}`);
      assert.equal(again.headers.get('idempotent-replayed'), 'true', name);
      assert.equal(again.body.id, first.body.id, name);
      const other = await post(two);
      assert.equal(other.status, 422, `${name}: ${other.text}`);
      assert.equal(other.body.error.type, 'idempotency_key_reuse_error', name);
    }
  });
});

/** A two-page 6 × 4 postcard PDF of exactly `size` bytes: its pages, and an unused stream that fills it out. */
async function postcardPdfOfSize(size: number): Promise<Buffer> {
  const make = async (filler: number) => {
    const doc = await PDFDocument.load(await twoPagePdf(6.25, 4.25));
    doc.context.register(doc.context.stream(new Uint8Array(filler).fill(0x20)));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let filler = size - (await make(0)).length;
  for (;;) {
    const pdf = await make(filler);
    if (pdf.length === size) return pdf;
    filler += size - pdf.length;
  }
}

describe('files in the JSON body: the largest accepted file', () => {
  test('a 20 MB PDF in base64 is taken; one byte more is refused as an upload of it is', async () => {
    const key = await server.key({ org: 'files-in-json-largest' });
    const body = { to: alice, from: bob, size: '6x4' };
    const largest = await postcardPdfOfSize(LIMITS.maxInputPdfBytes);
    const inline = await server.request('POST', `${V1}/postcards`, {
      key,
      json: { ...body, pdf: largest.toString('base64') },
    });
    assert.equal(inline.status, 201, inline.text);
    const over = await postcardPdfOfSize(LIMITS.maxInputPdfBytes + 1);
    const refusedInline = await server.request('POST', `${V1}/postcards`, {
      key,
      json: { ...body, pdf: over.toString('base64') },
    });
    const refusedUpload = await server.request('POST', `${V1}/postcards`, {
      key,
      multipart: multipartOf(body, { pdf: over }),
    });
    for (const res of [refusedInline, refusedUpload]) {
      assert.equal(res.status, 400, res.text);
      assert.match(
        res.body.error.message,
        /^pdf is not a usable PDF: pdf: the file is 20 MB; the limit is 20 MB/,
      );
    }
    assert.equal(refusedInline.body.error.message, refusedUpload.body.error.message);
  });
});
