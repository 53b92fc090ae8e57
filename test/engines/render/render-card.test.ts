import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { degrees, PDFDocument } from 'pdf-lib';
import { createAssetFetcher } from '../../../src/engines/render/assets/fetch-asset.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { PdfCheckError, RenderInputError } from '../../../src/engines/render/errors.js';
import { loadCardPdf, renderCard, renderLetter } from '../../../src/engines/render/index.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';
import { LETTER, makeEncryptedPdf, makePdf, pageSizes, pageText } from './pdf-helpers.js';

const CARD: [number, number] = [243, 153];
let pool: BrowserPool;
const deps = () => ({ pool, fetchAsset: createAssetFetcher(true) });

before(() => {
  pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
});
after(() => pool.close());

async function refusal(run: Promise<unknown>): Promise<RenderInputError> {
  const err = await run.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof RenderInputError, String(err));
  return err;
}

test('html sides print to one CR80 landscape page each, front first', async () => {
  const card = await renderCard(
    {
      kind: 'html',
      sides: [
        { field: 'plasticCard.doubleSided.frontHtml', html: '<p>Front side</p>' },
        { field: 'plasticCard.doubleSided.backHtml', html: '<p>Back side</p>' },
      ],
    },
    deps(),
  );
  assert.equal(card.pageCount, 2);
  assert.deepEqual(await pageSizes(card.pdf), [CARD, CARD]);
  assert.match(await pageText(card.pdf, 1), /Front side/);
  assert.match(await pageText(card.pdf, 2), /Back side/);
});

test('a side that overflows the card is refused, naming its field', async () => {
  const err = await refusal(
    renderCard(
      {
        kind: 'html',
        sides: [{ field: 'plasticCard.singleSided.html', html: '<div style="height:4in">x</div>' }],
      },
      deps(),
    ),
  );
  assert.equal(err.field, 'plasticCard.singleSided.html');
  assert.equal(err.code, 'too_many_pages');
});

test('renderLetter renders the card beside the letter, not inside it', async () => {
  const result = await renderLetter(
    {
      size: 'us_letter',
      content: { kind: 'html', html: '<p style="margin-top:4in">Letter body</p>' },
      to: {
        firstName: 'Ada',
        addressLine1: '1 Way',
        city: 'Austin',
        provinceOrState: 'TX',
        postalOrZip: '73301',
        countryCode: 'US',
      },
      addressPlacement: 'top_first_page',
      doubleSided: false,
      color: false,
      plasticCard: { kind: 'html', sides: [{ field: 'plasticCard.singleSided.html', html: '<p>Card</p>' }] },
    },
    deps(),
  );
  assert.deepEqual(await pageSizes(result.pdf), [LETTER]);
  assert.ok(result.card);
  assert.deepEqual(await pageSizes(result.card.pdf), [CARD]);
});

test('card PDFs: the uploaded-PDF checks at the card size, one page per side', async () => {
  const field = 'plasticCard.doubleSided.pdf';
  assert.equal((await loadCardPdf(await makePdf(...CARD, 2), field, 2)).getPageCount(), 2);
  // A portrait page turned by /Rotate 90 is seen landscape, as the printer sees it.
  const turned = await PDFDocument.create();
  turned.addPage([153, 243]).setRotation(degrees(90));
  assert.equal((await loadCardPdf(await turned.save(), field, 1)).getPageCount(), 1);

  const cases: Array<[Promise<unknown>, string, RegExp]> = [
    [loadCardPdf(await makePdf(153, 243, 1), field, 1), 'page_size', /3\.375 × 2\.125 in landscape/],
    [loadCardPdf(await makePdf(...LETTER, 1), field, 1), 'page_size', /page 1 is 8\.5 × 11 in/],
    [loadCardPdf(await makePdf(...CARD, 1), field, 2), 'page_count', /needs 2 \(front, back\)/],
    [loadCardPdf(await makePdf(...CARD, 3), field, 2), 'too_many_pages', /3 pages; the limit is 2/],
    [loadCardPdf(await makeEncryptedPdf(...CARD), field, 1), 'encrypted', /encrypted/],
  ];
  for (const [run, code, message] of cases) {
    const err = await refusal(run);
    assert.ok(err instanceof PdfCheckError);
    assert.equal(err.code, code);
    assert.match(err.message, new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    assert.match(err.message, message);
  }
});
