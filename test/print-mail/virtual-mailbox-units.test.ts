import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { mailboxAddress } from '../../src/api/print-mail/virtual-mailboxes/mailbox-address.js';
import { forwardingPdf } from '../../src/api/print-mail/virtual-mailboxes/mailbox-pdfs.js';
import { checkScan, SCAN_LIMITS } from '../../src/api/print-mail/virtual-mailboxes/mailbox-scans.js';
import { loadConfig } from '../../src/config/config.js';
import { parseMailroomAddress, parseOperatorToken } from '../../src/config/mailroom.js';
import { ApiError } from '../../src/platform/errors.js';
import { scanPdf } from '../helpers/mailboxes.js';

test('POSTROOM_MAILROOM_ADDRESS reads as on an envelope, with or without a second line', () => {
  assert.deepEqual(parseMailroomAddress('145 Mulberry St, Ste 200, New York, ny 10013'), {
    addressLine1: '145 Mulberry St',
    addressLine2: 'Ste 200',
    city: 'New York',
    provinceOrState: 'NY',
    postalOrZip: '10013',
  });
  assert.deepEqual(parseMailroomAddress(' 1 Main St , Springfield , IL 62701-1234 '), {
    addressLine1: '1 Main St',
    city: 'Springfield',
    provinceOrState: 'IL',
    postalOrZip: '62701-1234',
  });
  assert.equal(parseMailroomAddress(undefined), undefined);
  assert.equal(parseMailroomAddress('  '), undefined);
  for (const bad of [
    '1 Main St, Springfield',
    '1 Main St, Springfield, Illinois 62701',
    'a, b, c, d, IL 62701',
    '1 Main St,, Springfield, IL 62701',
  ])
    assert.throws(() => parseMailroomAddress(bad), /POSTROOM_MAILROOM_ADDRESS must read/, bad);
  const config = loadConfig({ POSTROOM_MAILROOM_ADDRESS: '1 Main St, Springfield, IL 62701' });
  assert.equal(config.mailroomAddress?.city, 'Springfield');
});

test('POSTROOM_OPERATOR_TOKEN: unset turns the operator API off; a short one is refused', () => {
  assert.equal(parseOperatorToken(undefined), undefined);
  assert.equal(parseOperatorToken(''), undefined);
  assert.throws(() => parseOperatorToken('short'), /at least 32 characters/);
  const token = 'x'.repeat(32);
  assert.equal(loadConfig({ POSTROOM_OPERATOR_TOKEN: token }).operatorToken, token);
});

test('a mailbox address puts its PMB after the mail room suite; no mail room is a 503', () => {
  const address = mailboxAddress(parseMailroomAddress('1 Main St, Springfield, IL 62701'), 1042);
  assert.equal(address.addressLine2, 'PMB 1042');
  assert.throws(
    () => mailboxAddress(undefined, 1042),
    (err) =>
      err instanceof ApiError && err.statusCode === 503 && /POSTROOM_MAILROOM_ADDRESS/.test(err.message),
  );
});

test('checkScan: the size limit is a 413 naming the field, before any parsing', async () => {
  const big = new Uint8Array(SCAN_LIMITS.maxBytes + 1);
  await assert.rejects(
    checkScan(big, 'contents'),
    (err) => err instanceof ApiError && err.statusCode === 413 && /^contents is larger/.test(err.message),
  );
  const doc = await checkScan(await scanPdf('ok', 2), 'envelope');
  assert.equal(doc.getPageCount(), 2);
});

test('the forwarding PDF: a US letter cover, then every scan page scaled onto a US letter page', async () => {
  const envelope = await PDFDocument.load(await scanPdf('Envelope'));
  const huge = await PDFDocument.load(await scanPdf('Poster', 1, [1700, 2200]));
  const bytes = await forwardingPdf(
    {
      mailboxId: 'virtual_mailbox_x',
      pmb: 'PMB 1001',
      itemId: 'virtual_mailbox_item_y',
      receivedAt: new Date('2025-03-04T05:06:07Z'),
      description: 'Ünïcode ✓ description',
    },
    [
      { field: 'envelope', doc: envelope },
      { field: 'contents', doc: huge },
    ],
  );
  const out = await PDFDocument.load(bytes);
  assert.equal(out.getPageCount(), 3);
  for (const page of out.getPages()) assert.deepEqual(page.getSize(), { width: 612, height: 792 });
});
