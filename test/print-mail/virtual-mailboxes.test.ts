import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer, tamperedLink } from '../helpers/harness.js';
import { alice, LETTERS, letterBody, pdfText, waitForLetter } from '../helpers/letters.js';
import {
  createMailbox,
  download,
  MAILBOXES,
  MAILROOM,
  OPERATOR,
  OPERATOR_TOKEN,
  receive,
  scanPdf,
} from '../helpers/mailboxes.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({ mailroomAddress: MAILROOM, operatorToken: OPERATOR_TOKEN });
  key = await server.key({ org: 'mailboxes-org' });
});
after(() => server.close());

const operator = (method: string, url: string, token = OPERATOR_TOKEN) =>
  server.request(method, url, { headers: { authorization: `Bearer ${token}` } });
const pmbOf = async (id: string, k = key) =>
  (await server.request('GET', `${MAILBOXES}/${id}/address`, { key: k })).body.addressLine2 as string;
const itemsOf = (mailbox: string, k = key) =>
  server.request('GET', `${MAILBOXES}/${mailbox}/items`, { key: k });
/** Scan files stored for test-mode items, to see that a refused receive leaves none. */
const storedScans = () => {
  const dir = path.join(server.runtime.config.dataDir, 'blobs', 'virtual_mailbox_items', 'test');
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.pdf')).length;
  } catch {
    return 0;
  }
};

resourceContract(() => server, {
  object: 'virtual_mailbox',
  path: MAILBOXES,
  idPrefix: 'virtual_mailbox',
  product: 'print-mail',
  deletion: false,
  create: (s, k) => createMailbox(s, k, { capabilities: { envelopeScans: true } }),
});

// Items live under their mailbox: the contract's collection is one mailbox of the contract's
// organization, made by its first create.
const contractMailbox = new Map<string, string>();
let itemsPath = '';
resourceContract(() => server, {
  object: 'virtual_mailbox_item',
  get path() {
    return itemsPath;
  },
  idPrefix: 'virtual_mailbox_item',
  product: 'print-mail',
  deletion: false,
  nested: true,
  async create(s, k) {
    if (!contractMailbox.has(k)) contractMailbox.set(k, (await createMailbox(s, k)).id);
    itemsPath = `${MAILBOXES}/${contractMailbox.get(k)}/items`;
    const res = await s.request('POST', itemsPath, { key: k, json: { description: 'a test item' } });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('virtual mailboxes', () => {
  test('create: the hosted shape; test ones are active, live ones wait for the mail room', async () => {
    const mailbox = await createMailbox(server, key, {
      capabilities: { envelopeScans: true, forwardMailTo: alice },
      description: 'HQ mail',
      metadata: { team: 'ops' },
    });
    assert.match(mailbox.id, /^virtual_mailbox_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(mailbox.object, 'virtual_mailbox');
    assert.equal(mailbox.status, 'active');
    assert.equal(mailbox.countryCode, 'US');
    assert.equal(mailbox.capabilities.envelopeScans, true);
    const contact = mailbox.capabilities.forwardMailTo;
    assert.match(contact.id, /^contact_/);
    assert.equal(contact.object, 'contact');
    assert.equal(contact.firstName, 'Alice');
    assert.deepEqual(mailbox.metadata, { team: 'ops' });
    // An existing contact by id; no capabilities: nothing is scanned or forwarded.
    const byId = await createMailbox(server, key, {
      capabilities: { envelopeScans: false, forwardMailTo: contact.id },
    });
    assert.equal(byId.capabilities.forwardMailTo.id, contact.id);
    const plain = await createMailbox(server, key);
    assert.deepEqual(plain.capabilities, { envelopeScans: false });

    const live = await createMailbox(server, await server.key({ org: 'mailboxes-org', mode: 'live' }));
    assert.equal(live.status, 'pending_assignment');
    assert.equal(live.live, true);
  });

  test('bad creates are 400s naming the field, and create nothing', async () => {
    const k = await server.key({ org: 'mailboxes-bad-create' });
    const cases: Array<[unknown, RegExp]> = [
      [{ countryCode: 'CA' }, /^countryCode must be US/],
      [{}, /countryCode/],
      [{ countryCode: 'US', capabilities: { forwardMailTo: alice } }, /envelopeScans/],
      [
        {
          countryCode: 'US',
          capabilities: { envelopeScans: true, forwardMailTo: 'contact_1111111111111111111111' },
        },
        /^capabilities\.forwardMailTo refers to contact/,
      ],
      [
        {
          countryCode: 'US',
          capabilities: { envelopeScans: true, forwardMailTo: { firstName: 'No Address' } },
        },
        /addressLine1/,
      ],
    ];
    for (const [json, message] of cases) {
      const res = await server.request('POST', MAILBOXES, { key: k, json });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
    }
    assert.equal((await server.request('GET', MAILBOXES, { key: k })).body.totalCount, 0);
  });

  test('/address: the mail room address with a PMB of its own; a pending mailbox has none until activated', async () => {
    const a = await createMailbox(server, key);
    const b = await createMailbox(server, key);
    const address = await server.request('GET', `${MAILBOXES}/${a.id}/address`, { key });
    assert.equal(address.status, 200, address.text);
    const pmb = /^Ste 200 PMB (\d+)$/.exec(address.body.addressLine2);
    assert.ok(pmb, address.body.addressLine2);
    assert.deepEqual(address.body, {
      object: 'virtual_mailbox_address',
      addressLine1: '145 Mulberry St',
      addressLine2: `Ste 200 PMB ${pmb[1]}`,
      city: 'New York',
      provinceOrState: 'NY',
      postalOrZip: '10013',
      countryCode: 'US',
    });
    assert.notEqual(await pmbOf(b.id), address.body.addressLine2);

    const liveKey = await server.key({ org: 'mailboxes-org', mode: 'live' });
    const live = await createMailbox(server, liveKey);
    const pending = await server.request('GET', `${MAILBOXES}/${live.id}/address`, { key: liveKey });
    assert.equal(pending.status, 422);
    assert.equal(pending.body.error.type, 'virtual_mailbox_status_error');
    const activated = await operator('POST', `${OPERATOR}/${live.id}/activation`);
    assert.equal(activated.status, 200, activated.text);
    assert.equal(activated.body.status, 'active');
    assert.equal(
      (await server.request('GET', `${MAILBOXES}/${live.id}`, { key: liveKey })).body.status,
      'active',
    );
    assert.match(await pmbOf(live.id, liveKey), /PMB \d+$/);
    // Another organization's or mode's mailbox has no address for the caller.
    assert.equal((await server.request('GET', `${MAILBOXES}/${live.id}/address`, { key })).status, 404);
  });

  test('the operator API takes the operator token, never a customer key', async () => {
    const mailbox = await createMailbox(server, key);
    const url = `${OPERATOR}/${mailbox.id}/activation`;
    const none = await server.request('POST', url);
    assert.equal(none.status, 401);
    assert.equal(none.body.error.type, 'missing_auth_error');
    assert.equal((await server.request('POST', url, { key })).status, 401);
    assert.equal((await operator('POST', url, key)).status, 401);
    const wrong = await operator('POST', url, `${OPERATOR_TOKEN}x`);
    assert.equal(wrong.status, 401);
    assert.match(wrong.body.error.message, /Invalid operator token/);
    assert.equal((await operator('POST', url)).status, 200);
  });

  test('the operator receives mail with scans; the customer lists and gets it with signed links to the very PDFs', async () => {
    const mailbox = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
    const envelope = await scanPdf('Envelope from ACME');
    const contents = await scanPdf('Invoice', 2, [612, 792]);
    const pmb = await pmbOf(mailbox.id);
    // The mail room reads the PMB off the envelope: that names the mailbox as well as its id.
    const res = await receive(server, pmb.replace('Ste 200 ', ''), {
      envelope,
      contents,
      fields: { description: 'From ACME', 'metadata[tray]': '4' },
    });
    assert.equal(res.status, 201, res.text);
    const item = res.body;
    assert.match(item.id, /^virtual_mailbox_item_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(item.object, 'virtual_mailbox_item');
    assert.equal(item.virtualMailbox, mailbox.id);
    assert.equal(item.live, false);
    assert.equal(item.description, 'From ACME');
    assert.deepEqual(item.metadata, { tray: '4' });
    assert.equal(item.forwardedLetter, undefined);
    assert.equal(item.envelopeScanKey, undefined, 'blob keys stay private');

    const list = await itemsOf(mailbox.id);
    assert.equal(list.status, 200);
    assert.equal(list.body.totalCount, 1);
    assert.equal(list.body.data[0].id, item.id);
    const got = await server.request('GET', `${MAILBOXES}/${mailbox.id}/items/${item.id}`, { key });
    assert.equal(got.status, 200);
    assert.deepEqual(await download(got.body.fileURL), envelope);
    assert.deepEqual(await download(list.body.data[0].contentsFileURL), contents);
    // A link is signed: changed, it opens nothing.
    assert.equal(await statusOf(tamperedLink(got.body.fileURL)), 404);
    // The item is its mailbox's: under another mailbox it is not found.
    const other = await createMailbox(server, key);
    assert.equal(
      (await server.request('GET', `${MAILBOXES}/${other.id}/items/${item.id}`, { key })).status,
      404,
    );

    const events = await server.request(
      'GET',
      '/print-mail/v1/events?type=virtual_mailbox_item.created&limit=100',
      { key },
    );
    const event = events.body.data.find((e: { data: { id: string } }) => e.data.id === item.id);
    assert.ok(event, 'virtual_mailbox_item.created recorded');
    assert.equal(event.data.virtualMailbox, mailbox.id);
    assert.match(event.data.fileURL, /\/files\//);
  });

  test('bad receives are 4xx naming the field, and leave no item and no file behind', async () => {
    const scans = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
    const noScans = await createMailbox(server, key);
    const pdf = await scanPdf('Envelope');
    const before = storedScans();
    const cases: Array<[string, Parameters<typeof receive>[2], number, RegExp]> = [
      [scans.id, {}, 400, /^envelope is required/],
      [scans.id, { envelope: Buffer.from('just text, no PDF') }, 400, /^envelope is not a PDF/],
      [
        scans.id,
        { envelope: Buffer.from('%PDF-1.7\nbroken') },
        400,
        /^envelope is a PDF that cannot be read/,
      ],
      [scans.id, { envelope: pdf, contents: Buffer.alloc(0) }, 400, /^contents is an empty file/],
      [scans.id, { envelope: await scanPdf('Long', 21) }, 400, /^envelope has 21 pages/],
      [
        scans.id,
        { envelope: pdf, fields: { matchedLetter: 'letter_1111111111111111111111' } },
        400,
        /^matchedLetter refers to letter/,
      ],
      [
        scans.id,
        { envelope: pdf, fields: { matchedLetter: 'postcard_1' } },
        400,
        /^matchedLetter must be a letter id/,
      ],
      [noScans.id, { envelope: pdf }, 400, /^envelope cannot be given/],
      ['virtual_mailbox_1111111111111111111111', { envelope: pdf }, 404, /Could not find virtual_mailbox/],
      ['PMB 999999', { envelope: pdf }, 404, /Could not find virtual_mailbox/],
    ];
    for (const [mailbox, parts, status, message] of cases) {
      const res = await receive(server, mailbox, parts);
      assert.equal(res.status, status, `${message}: ${res.text}`);
      assert.match(res.body.error.message, message);
    }
    // A scan is a file: a URL in a JSON body is refused by name.
    const url = await server.request('POST', `${OPERATOR}/${scans.id}/items`, {
      json: { envelope: 'https://example.com/a.pdf' },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    assert.equal(url.status, 400, url.text);
    assert.match(url.body.error.message, /^envelope is a URL, which this field does not fetch/);
    const pending = await createMailbox(server, await server.key({ org: 'mailboxes-org', mode: 'live' }), {
      capabilities: { envelopeScans: true },
    });
    const refused = await receive(server, pending.id, { envelope: pdf });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.type, 'virtual_mailbox_status_error');
    assert.equal((await itemsOf(scans.id)).body.totalCount, 0);
    assert.equal(storedScans(), before);
    // A mailbox without scans takes mail without them.
    const ok = await receive(server, noScans.id, { fields: { description: 'a parcel notice' } });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.fileURL, undefined);
  });

  test('a matched letter: the operator names the letter that came back', async () => {
    const mailbox = await createMailbox(server, key);
    const letter = await server.request('POST', LETTERS, { key, json: letterBody() });
    assert.equal(letter.status, 201, letter.text);
    const res = await receive(server, mailbox.id, { fields: { matchedLetter: letter.body.id } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.matchedLetter, letter.body.id);
    const found = await server.request(
      'GET',
      `${MAILBOXES}/${mailbox.id}/items?search=${encodeURIComponent(JSON.stringify({ matchedLetter: letter.body.id }))}`,
      { key },
    );
    assert.deepEqual(
      found.body.data.map((i: { id: string }) => i.id),
      [res.body.id],
    );
  });

  test('forwarding: an item of a forwarding mailbox becomes a letter to forwardMailTo, cover page and scans', async () => {
    const mailbox = await createMailbox(server, key, {
      capabilities: { envelopeScans: true, forwardMailTo: alice },
    });
    const pmb = await pmbOf(mailbox.id);
    const res = await receive(server, mailbox.id, {
      envelope: await scanPdf('Envelope from the bank'),
      contents: await scanPdf('Bank statement', 2, [595, 842]),
      fields: { description: 'Bank statement' },
    });
    assert.equal(res.status, 201, res.text);
    const letterId = res.body.forwardedLetter;
    assert.match(letterId, /^letter_/);
    const got = await server.request('GET', `${LETTERS}/${letterId}`, { key });
    assert.equal(got.status, 200);
    assert.equal(got.body.to.id, mailbox.capabilities.forwardMailTo.id);
    assert.equal(got.body.from.addressLine2, pmb, 'the return address is the mailbox');
    assert.equal(got.body.addressPlacement, 'insert_blank_page');
    assert.deepEqual(got.body.metadata, { virtualMailbox: mailbox.id, virtualMailboxItem: res.body.id });
    const letter = await waitForLetter(server, key, letterId, (l) => Boolean(l.url));
    const pdf = await download(letter.url);
    const doc = await PDFDocument.load(pdf);
    // The address page, the cover, the envelope's page and the statement's two.
    assert.equal(doc.getPageCount(), 5);
    const text = await pdfText(pdf);
    assert.match(text, /Forwarded mail/);
    assert.ok(text.includes(res.body.id));
    assert.match(text, /Envelope from the bank page 1/);
    assert.match(text, /Bank statement page 2/);
    const created = await server.request('GET', '/print-mail/v1/events?type=letter.created&limit=100', {
      key,
    });
    assert.ok(created.body.data.some((e: { data: { id: string } }) => e.data.id === letterId));

    // A forwarding contact deleted since still gets the mail: the mailbox keeps its copy.
    const contactId = mailbox.capabilities.forwardMailTo.id;
    assert.equal(
      (await server.request('DELETE', `/print-mail/v1/contacts/${contactId}`, { key })).status,
      200,
    );
    const later = await receive(server, mailbox.id, { envelope: await scanPdf('Another envelope') });
    assert.equal(later.status, 201, later.text);
    const forwarded = await server.request('GET', `${LETTERS}/${later.body.forwardedLetter}`, { key });
    assert.equal(forwarded.body.to.firstName, 'Alice');
    assert.equal(forwarded.body.to.addressLine1.toUpperCase(), alice.addressLine1.toUpperCase());
  });

  test('test items: POST with a test key, a pretend envelope scan; live keys are refused', async () => {
    const mailbox = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
    const url = `${MAILBOXES}/${mailbox.id}/items`;
    const headers = { 'idempotency-key': `mailbox-${mailbox.id}` };
    const res = await server.request('POST', url, { key, json: { description: 'hello' }, headers });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.description, 'hello');
    const scan = await download(res.body.fileURL);
    assert.match(await pdfText(scan), /TEST MAIL ITEM/);
    assert.ok((await pdfText(scan)).includes((await pmbOf(mailbox.id)).replace('Ste 200 ', '')));
    const again = await server.request('POST', url, { key, json: { description: 'hello' }, headers });
    assert.equal(again.body.id, res.body.id);
    assert.equal((await itemsOf(mailbox.id)).body.totalCount, 1);

    const bad = await server.request('POST', url, {
      key,
      json: { matchedLetter: 'letter_1111111111111111111111' },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /^matchedLetter/);

    const liveKey = await server.key({ org: 'mailboxes-org', mode: 'live' });
    const live = await createMailbox(server, liveKey);
    assert.equal((await operator('POST', `${OPERATOR}/${live.id}/activation`)).status, 200);
    const refused = await server.request('POST', `${MAILBOXES}/${live.id}/items`, { key: liveKey, json: {} });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.type, 'test_mode_only_error');
  });

  test('webhooks hear of new items', async () => {
    const k = await server.key({ org: 'mailboxes-webhooks' });
    const receiver = await startReceiver();
    const hook = {
      url: receiver.url(),
      enabledEvents: ['virtual_mailbox_item.created'],
      payloadFormat: 'json',
    };
    assert.equal(
      (await server.request('POST', '/print-mail/v1/webhooks', { key: k, json: hook })).status,
      201,
    );
    const mailbox = await createMailbox(server, k);
    const res = await receive(server, mailbox.id, { fields: { description: 'for the hook' } });
    assert.equal(res.status, 201, res.text);
    const [delivery] = await receiver.waitFor(1, undefined, 15_000);
    const event = JSON.parse(delivery.body);
    assert.equal(event.type, 'virtual_mailbox_item.created');
    assert.equal(event.data.id, res.body.id);
    await receiver.close();
  });

  test('the operator lists mailboxes, pending ones on their own', async () => {
    const liveKey = await server.key({ org: 'mailboxes-list', mode: 'live' });
    const pending = await createMailbox(server, liveKey);
    const all = await operator('GET', OPERATOR);
    assert.equal(all.status, 200);
    const row = all.body.data.find((m: { id: string }) => m.id === pending.id);
    assert.equal(row.organization, 'mailboxes-list');
    assert.match(row.pmb, /^PMB \d+$/);
    const onlyPending = await operator('GET', `${OPERATOR}?status=pending_assignment`);
    assert.ok(onlyPending.body.data.every((m: { status: string }) => m.status === 'pending_assignment'));
    assert.ok(onlyPending.body.data.some((m: { id: string }) => m.id === pending.id));
  });
});
