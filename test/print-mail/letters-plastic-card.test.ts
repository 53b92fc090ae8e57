import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import {
  LETTERS,
  letterBody,
  makePdf,
  pdfPages,
  pdfText,
  serveFiles,
  waitForLetter,
} from '../helpers/letters.js';

let server: TestServer;
let key: string;
let files: Awaited<ReturnType<typeof serveFiles>>;
const CR80 = [243, 153]; // 3.375 × 2.125 in, landscape

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'card-org' });
  files = await serveFiles({
    '/card.pdf': { body: await makePdf('Card', 2, [243, 153]), type: 'application/pdf' },
    '/letter-sized.pdf': { body: await makePdf('Big'), type: 'application/pdf' },
  });
});
after(async () => {
  await files.close();
  await server.close();
});

const cardFile = (id: string) =>
  readFileSync(path.join(server.runtime.config.dataDir, 'blobs', 'letters', 'test', `${id}-card.pdf`));

async function rendered(plasticCard: unknown) {
  const res = await server.request('POST', LETTERS, { key, json: letterBody({ plasticCard }) });
  assert.equal(res.status, 201, res.text);
  const letter = await waitForLetter(server, key, res.body.id);
  assert.ok(letter.url, `rendered: ${JSON.stringify(letter.cancellation)}`);
  return { letter, card: cardFile(letter.id) };
}

const sizes = async (pdf: Buffer) =>
  (await pdfPages(pdf)).map((p) => [Math.round(p.width), Math.round(p.height)]);

describe('letters: plastic card artwork', () => {
  test('single-sided html: one CR80 page with the merged values, beside the letter', async () => {
    const { letter, card } = await rendered({
      size: 'standard',
      singleSided: { html: '<p>Member {{to.lastName}} card {{code}}</p>' },
    });
    assert.equal(letter.pageCount, 1, 'the card is not part of the letter');
    assert.deepEqual(await sizes(card), [CR80]);
    assert.match(await pdfText(card), /Member Reader card Z-42/);
  });

  test('double-sided templates: front then back, each merged', async () => {
    const template = async (html: string) => {
      const t = await server.request('POST', '/print-mail/v1/templates', { key, json: { html } });
      assert.equal(t.status, 201, t.text);
      return t.body.id;
    };
    const { card } = await rendered({
      size: 'standard',
      doubleSided: {
        frontTemplate: await template('<p>Front for {{to.firstName}}</p>'),
        backTemplate: await template('<p>Back code {{code}}</p>'),
      },
    });
    assert.deepEqual(await sizes(card), [CR80, CR80]);
    assert.match(await pdfText(card, { page: 1 }), /Front for Alice/);
    assert.match(await pdfText(card, { page: 2 }), /Back code Z-42/);
  });

  test('a double-sided PDF card is checked at create and stored as sent', async () => {
    const { card } = await rendered({ size: 'standard', doubleSided: { pdf: `${files.url}/card.pdf` } });
    assert.deepEqual(await sizes(card), [CR80, CR80]);
    assert.match(await pdfText(card, { page: 2 }), /Card page 2/);
  });

  test('bad card sources are a 400 naming the card field; nothing is created', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ size: 'standard' }, /plasticCard needs exactly one of singleSided or doubleSided/],
      [{ size: 'standard', singleSided: {} }, /plasticCard\.singleSided needs exactly one of/],
      [
        { size: 'standard', doubleSided: { frontHtml: '<p>f</p>' } },
        /plasticCard\.doubleSided\.back needs exactly one of/,
      ],
      [
        { size: 'standard', doubleSided: { frontHtml: '<p>f</p>', backTemplate: 'template_nope' } },
        /plasticCard\.doubleSided\.backTemplate must be a template id/,
      ],
      [{ size: 'standard', singleSided: { html: '<p>{{missing}}</p>' } }, /"missing", used by plasticCard/],
      [
        { size: 'standard', singleSided: { pdf: `${files.url}/letter-sized.pdf` } },
        /plasticCard\.singleSided\.pdf is not a usable PDF: .*page 1 is 8\.5 × 11 in; a standard plastic card needs 3\.375 × 2\.125 in landscape pages/,
      ],
      [
        { size: 'standard', singleSided: { pdf: `${files.url}/card.pdf` } },
        /plasticCard\.singleSided\.pdf is not a usable PDF: .*2 pages; the limit is 1/,
      ],
    ];
    const before = await server.request('GET', LETTERS, { key });
    for (const [plasticCard, message] of cases) {
      const res = await server.request('POST', LETTERS, { key, json: letterBody({ plasticCard }) });
      assert.equal(res.status, 400, JSON.stringify(plasticCard));
      assert.match(res.body.error.message, message);
    }
    const afterList = await server.request('GET', LETTERS, { key });
    assert.equal(afterList.body.totalCount, before.body.totalCount);
  });

  test('a card that cannot be rendered cancels the letter: invalid_content naming plasticCard', async () => {
    const overflow = '<div style="height: 5in">too tall for a card</div>';
    const res = await server.request('POST', LETTERS, {
      key,
      json: letterBody({ plasticCard: { size: 'standard', singleSided: { html: overflow } } }),
    });
    assert.equal(res.status, 201, res.text);
    const letter = await waitForLetter(server, key, res.body.id);
    assert.equal(letter.status, 'cancelled');
    assert.equal(letter.cancellation.reason, 'invalid_content');
    assert.match(letter.cancellation.note, /^plasticCard\.singleSided\.html: .*does not fit on one/);
    assert.equal(letter.url, undefined);
  });
});
