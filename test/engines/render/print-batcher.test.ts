import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { htmlToPdf } from '../../../src/engines/render/browser/html-to-pdf.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { printHtmlBatched, printSidesBatched } from '../../../src/engines/render/browser/print-batcher.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import { pdfText } from '../../helpers/letters.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';

const size = PAGE_SIZES.us_letter;
let pool: BrowserPool;
before(async () => {
  pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
  await pool.warm();
});
after(() => pool.close());

const letter = (n: number, style = '') =>
  `<html><head><style>body { font-family: 'DejaVu Serif'; ${style} }</style></head><body><p>Letter number ${n}</p></body></html>`;
const textOf = async (doc: { save(): Promise<Uint8Array> }) => pdfText(Buffer.from(await doc.save()));

test('documents waiting together share one print, and each gets only its own page', async () => {
  const jobsBefore = pool.stats().jobs;
  // Different styles too: each document keeps its own, as if printed alone.
  const printed = await Promise.all(
    Array.from({ length: 6 }, (_, n) => printHtmlBatched(pool, letter(n, n % 2 ? 'color: red;' : ''), size)),
  );
  // The first starts alone at once; the five that waited for the one tab print together.
  assert.equal(pool.stats().jobs - jobsBefore, 2);
  for (const [n, { doc, blocked }] of printed.entries()) {
    assert.equal(doc.getPageCount(), 1);
    assert.deepEqual(blocked, []);
    const { width, height } = doc.getPage(0).getSize();
    assert.deepEqual([Math.round(width), Math.round(height)], [612, 792]);
    const text = await textOf(doc);
    assert.match(text, new RegExp(`Letter number ${n}\\b`));
    assert.doesNotMatch(text, new RegExp(`Letter number (?!${n}\\b)`));
  }
});

test('no more prints run at once than printsAtOnce, however many tabs are free', async () => {
  const prints = async (printsAtOnce: number) => {
    const wide = new BrowserPool({ size: 3, priority: TEST_BROWSER_PRIORITY, printsAtOnce });
    try {
      await wide.warm();
      const jobsBefore = wide.stats().jobs;
      await Promise.all(Array.from({ length: 6 }, (_, n) => printHtmlBatched(wide, letter(n), size)));
      return wide.stats().jobs - jobsBefore;
    } finally {
      await wide.close();
    }
  };
  // One at a time: the first alone, the five that waited together. Three at a time: the first
  // three each take a free tab at once, and the three that waited print together.
  assert.equal(await prints(1), 2);
  assert.equal(await prints(3), 4);
  const half = Math.max(2, Math.floor(availableParallelism() / 2));
  assert.equal(
    new BrowserPool({ size: 3 }).printsAtOnce,
    Math.min(3, half),
    'by default half the CPUs, at least 2',
  );
  assert.equal(new BrowserPool({ size: 1, printsAtOnce: 4 }).printsAtOnce, 1, 'never more than the tabs');
});

test('two-sided pieces share a print as many at a time as letters do, each getting its own two pages', async () => {
  const side = (n: number, which: string) =>
    `<html><body style="font-family: 'DejaVu Sans'"><p>Piece ${n} ${which}</p></body></html>`;
  const jobsBefore = pool.stats().jobs;
  const printed = await Promise.all(
    Array.from({ length: 8 }, (_, n) => printSidesBatched(pool, [side(n, 'front'), side(n, 'back')], size)),
  );
  // The first starts alone at once; the seven that waited (14 documents, more than the batch
  // of 12) still print together: a batch counts pieces, not their sides.
  assert.equal(pool.stats().jobs - jobsBefore, 2);
  for (const [n, { doc }] of printed.entries()) {
    assert.equal(doc.getPageCount(), 2);
    const pages = await Promise.all(
      [0, 1].map(async (i) => {
        const one = await PDFDocument.create();
        const [page] = await one.copyPages(doc, [i]);
        one.addPage(page);
        return textOf(one);
      }),
    );
    // Each page is one side's size and holds that side only.
    assert.match(pages[0], new RegExp(`Piece ${n} front`));
    assert.match(pages[1], new RegExp(`Piece ${n} back`));
    assert.doesNotMatch(pages[0], /back/);
    assert.doesNotMatch(pages[1], /front/);
    assert.doesNotMatch(pages.join(' '), new RegExp(`Piece (?!${n}\\b)`));
    for (const page of doc.getPages()) {
      assert.deepEqual(page.getMediaBox(), { x: 0, y: 0, width: size.width, height: size.height });
    }
  }
});

test("a side's links stay on its own page, where the side has them", async () => {
  const side = (which: string) =>
    `<html><body><p style="margin: 1in"><a href="https://example.com/${which}">${which}</a></p></body></html>`;
  const { doc } = await printSidesBatched(pool, [side('front'), side('back')], size);
  const links = doc.getPages().map((page) => {
    const annots = page.node.Annots();
    return Array.from({ length: annots?.size() ?? 0 }, (_, i) => {
      const annot = annots?.lookup(i, PDFDict);
      const rect = annot?.lookup(PDFName.of('Rect'), PDFArray).asRectangle();
      return { uri: String(annot?.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('URI'))), x: rect?.x };
    });
  });
  assert.equal(links[0].length, 1);
  assert.equal(links[1].length, 1);
  assert.match(links[0][0].uri, /front/);
  assert.match(links[1][0].uri, /back/);
  // 1in margin: both 72 pt from their own page's left edge
  assert.equal(Math.round(links[0][0].x ?? -1), Math.round(links[1][0].x ?? -1));
  assert.ok(Math.abs((links[1][0].x ?? 0) - 72) < 12, `the back's link at x ${links[1][0].x}`);
});

test('a document longer or wider than its page prints alone, exactly as htmlToPdf prints it', async () => {
  const long = `<html><body>${'<p style="height: 3in">tall paragraph</p>'.repeat(8)}</body></html>`;
  const wide = '<html><body><div style="width: 14in">wide</div></body></html>';
  const [first, ...rest] = await Promise.all([
    printHtmlBatched(pool, letter(1), size),
    printHtmlBatched(pool, long, size),
    printHtmlBatched(pool, letter(2), size),
    printHtmlBatched(pool, wide, size),
  ]);
  assert.equal(first.doc.getPageCount(), 1);
  const [longPrinted, second, widePrinted] = rest;
  const alone = await htmlToPdf(pool, long, size);
  assert.ok(longPrinted.doc.getPageCount() > 1);
  assert.equal((await textOf(longPrinted.doc)).match(/tall paragraph/g)?.length, 8);
  assert.equal(longPrinted.doc.getPageCount(), (await PDFDocument.load(alone.pdf)).getPageCount());
  assert.match(await textOf(second.doc), /Letter number 2/);
  assert.match(await textOf(widePrinted.doc), /wide/);
});

test('a document that tries to load something prints alone, so only its own warning names the URL', async () => {
  const fetching = '<html><body><img src="http://127.0.0.1:9/x.png"><p>fetcher</p></body></html>';
  const [a, b, c] = await Promise.all([
    printHtmlBatched(pool, letter(7), size),
    printHtmlBatched(pool, fetching, size),
    printHtmlBatched(pool, letter(8), size),
  ]);
  assert.deepEqual(a.blocked, []);
  assert.deepEqual(c.blocked, []);
  assert.deepEqual(b.blocked, ['http://127.0.0.1:9/x.png']);
  assert.match(await textOf(b.doc), /fetcher/);
});
