import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PdfCheckError } from '../../../src/engines/render/errors.js';
import { LIMITS } from '../../../src/engines/render/limits.js';
import { loadCheckedPdf } from '../../../src/engines/render/pdf/load-checked-pdf.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import { makeEncryptedPdf, makePdf } from './pdf-helpers.js';

const opts = { field: 'pdf', size: PAGE_SIZES.us_letter, sizeName: 'us_letter' };

async function problem(bytes: Uint8Array, options = opts): Promise<PdfCheckError> {
  try {
    await loadCheckedPdf(bytes, options);
  } catch (err) {
    assert.ok(err instanceof PdfCheckError, String(err));
    return err;
  }
  assert.fail('expected the PDF to be refused');
}

test('a letter-sized PDF passes', async () => {
  const doc = await loadCheckedPdf(await makePdf(612, 792, 3), opts);
  assert.equal(doc.getPageCount(), 3);
});

test('an A4 PDF passes for a4 and fails for us_letter, naming the page and sizes', async () => {
  const a4 = await makePdf(595.28, 841.89, 2);
  await loadCheckedPdf(a4, { field: 'pdf', size: PAGE_SIZES.a4, sizeName: 'a4' });
  const err = await problem(a4);
  assert.equal(err.code, 'page_size');
  assert.equal(err.field, 'pdf');
  assert.match(err.message, /^pdf: page 1 is 8\.27 × 11\.69 in; a us_letter letter needs 8\.5 × 11 in/);
});

test('a wrong page in the middle is named', async () => {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.addPage([792, 612]);
  const err = await problem(await doc.save(), { ...opts, field: 'attachedPDF' });
  assert.match(err.message, /^attachedPDF: page 2 is 11 × 8\.5 in/);
});

test('encrypted PDFs are refused', async () => {
  const err = await problem(await makeEncryptedPdf(612, 792));
  assert.equal(err.code, 'encrypted');
  assert.match(err.message, /encrypted/);
});

test('corrupt, empty and non-PDF files are refused', async () => {
  const good = await makePdf(612, 792, 1);
  const truncated = good.subarray(0, Math.floor(good.length / 3));
  assert.equal((await problem(truncated)).code, 'corrupt');
  assert.equal((await problem(new Uint8Array())).code, 'empty');
  assert.equal((await problem(new TextEncoder().encode('<html>not a pdf</html>'))).code, 'not_pdf');
  const garbage = new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(500));
  assert.equal((await problem(garbage)).code, 'corrupt');
});

test('too many pages are refused with the count and the limit', async () => {
  const err = await problem(await makePdf(612, 792, LIMITS.maxInputPdfPages + 1));
  assert.equal(err.code, 'too_many_pages');
  assert.match(
    err.message,
    new RegExp(`${LIMITS.maxInputPdfPages + 1} pages; the limit is ${LIMITS.maxInputPdfPages}`),
  );
});
