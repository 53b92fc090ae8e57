import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import jsQRModule from 'jsqr';
import { sweepKept } from '../../src/api/print-mail/documents/kept-for-orders.js';
import { KEPT_FOR_ORDERS } from '../../src/api/print-mail/kept-resources.js';
import { zoneRgb } from '../engines/render/pdf-helpers.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, LETTERS, letterBody, makePdf, pdfText } from '../helpers/letters.js';
import { multipartOf, waitForOrder } from '../helpers/orders.js';
import { availableEnvelope, RETURN_ENVELOPES } from '../helpers/return-envelopes.js';

/**
 * C1 §4: deleting what an unprinted order uses succeeds, the resource is gone at once (get,
 * list, new orders), and the order still prints as it would have; what was kept for it goes
 * once it has printed or been cancelled. Orders are made with workers off, so none renders
 * before its resource is deleted; then workers start and they render.
 */
const V1 = '/print-mail/v1';
const BANK_ACCOUNTS = `${V1}/bank_accounts`;
const CHEQUES = `${V1}/cheques`;
const BOXES = `${V1}/boxes`;
const TEMPLATES = `${V1}/templates`;
const TRACKERS = `${V1}/trackers`;
const POSTCARDS = `${V1}/postcards`;
const LETTER_PROFILES = `${V1}/order_profiles/letters`;
const CAMPAIGNS = `${V1}/campaigns`;
const jsQR = jsQRModule.default;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const usBank = {
  bankName: 'First Test Bank',
  bankPrimaryLine: '100 Main St',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Bob Sender',
};

type Res = { status: number; body: any; text: string };
const created = (res: Res, status = 201) => {
  assert.equal(res.status, status, res.text);
  return res.body;
};

/** Polls `check` until it holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function helpers(server: () => TestServer, key: () => string) {
  const pool = () => server().runtime.db.pool;
  const rows = async (sql: string, values: unknown[]) => (await pool().query(sql, values)).rowCount ?? 0;
  return {
    post: (path: string, json: unknown) => server().request('POST', path, { key: key(), json }),
    get: (path: string) => server().request('GET', path, { key: key() }),
    del: (path: string) => server().request('DELETE', path, { key: key() }),
    kept: (id: string) => rows('SELECT 1 FROM kept_for_orders WHERE id = $1', [id]),
    keptFiles: async (id: string): Promise<string[]> =>
      (await pool().query('SELECT blob_keys FROM kept_for_orders WHERE id = $1', [id])).rows[0]?.blob_keys ??
      [],
    sealed: (id: string) => rows('SELECT 1 FROM bank_account_secrets WHERE id = $1', [id]),
    blobExists: (blobKey: string) => server().runtime.deps.blobs.exists(blobKey),
    /** One sweep of what a deleted resource kept, run here: what it did. */
    sweep: (id: string) => sweepKept(pool(), server().runtime.deps.blobs, KEPT_FOR_ORDERS, id),
    /** The sweep as the cron runs it, through the queue. */
    sweepQueued: () => server().runtime.boss.send('sweep-kept-for-orders', {}),
  };
}

/** The resource is gone: get 404, not in the list. */
async function gone(h: ReturnType<typeof helpers>, path: string, id: string) {
  assert.equal((await h.get(`${path}/${id}`)).status, 404);
  const list = await h.get(`${path}?limit=1000`);
  assert.equal(list.status, 200, list.text);
  assert.ok(!list.body.data.some((d: { id: string }) => d.id === id), `${id} not listed`);
}

describe('deletes that keep pending mail printable', () => {
  let server: TestServer;
  let key: string;
  const h = helpers(
    () => server,
    () => key,
  );
  // What the orders were made with, and the deletes' answers.
  const made: Record<string, any> = {};
  const deletes: Record<string, Res> = {};

  before(async () => {
    server = await startTestServer({}, { workers: false });
    key = await server.key({ org: 'pending-deletes-org' });
    const account = async (body: Record<string, unknown>, image = false) => {
      if (!image) return created(await h.post(BANK_ACCOUNTS, body)).id as string;
      const { signatureText: _t, ...fields } = body;
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('signatureImage', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'sig.png');
      return created(await server.request('POST', BANK_ACCOUNTS, { key, multipart: form })).id as string;
    };
    made.textAccount = await account(usBank);
    made.imageAccount = await account(usBank, true);
    made.unusedAccount = await account(usBank, true);
    const cheque = { to: alice, from: bob, amount: 123456, memo: 'Invoice 42' };
    made.cheque = created(await h.post(CHEQUES, { ...cheque, bankAccount: made.textAccount }));
    made.box = created(
      await h.post(BOXES, {
        to: alice,
        from: bob,
        cheques: [
          { bankAccount: made.textAccount, amount: 2500 },
          { bankAccount: made.textAccount, amount: 7500 },
        ],
      }),
    );
    made.imageCheque = created(await h.post(CHEQUES, { ...cheque, bankAccount: made.imageAccount }));

    made.template = created(
      await h.post(TEMPLATES, { html: '<p>Template words for {{to.firstName}}</p>' }),
    ).id;
    made.templateLetter = created(
      await h.post(LETTERS, letterBody({ html: undefined, template: made.template })),
    );
    made.templatePostcard = created(
      await h.post(POSTCARDS, {
        to: alice,
        from: bob,
        size: '6x4',
        frontTemplate: made.template,
        backHTML: '<p>Back</p>',
      }),
    );

    made.tracker = created(
      await h.post(TRACKERS, {
        redirectURLTemplate: 'https://shop.example.com/offer',
        urlExpireAfterDays: 30,
      }),
    ).id;
    made.trackerLetter = created(
      await h.post(
        LETTERS,
        letterBody({
          html: `<p>Visit <span>{{${made.tracker}}}</span></p>
            <img src="{{${made.tracker}.qrcode}}" style="position:absolute; left:1in; top:5in; width:2in; height:2in">`,
        }),
      ),
    );

    made.envelope = (await availableEnvelope(server, key, { ...alice, firstName: 'Carol' })).id;
    made.envelopeContact = (await h.get(`${RETURN_ENVELOPES}/${made.envelope}`)).body.to.id;
    made.envelopeLetter = created(await h.post(LETTERS, letterBody({ returnEnvelope: made.envelope })));

    for (const [name, path] of [
      ['textAccount', BANK_ACCOUNTS],
      ['imageAccount', BANK_ACCOUNTS],
      ['unusedAccount', BANK_ACCOUNTS],
      ['template', TEMPLATES],
      ['tracker', TRACKERS],
      ['envelope', RETURN_ENVELOPES],
      ['envelopeContact', `${V1}/contacts`],
    ] as const)
      deletes[name] = await h.del(`${path}/${made[name]}`);
    // Nothing has rendered yet: the orders render now, after the deletes.
    await server.restart({ workers: true });
  });
  after(() => server.close());

  test('bank accounts: deleted at once, while their cheques and boxes print with the number, routing and signature', async () => {
    for (const name of ['textAccount', 'imageAccount', 'unusedAccount']) {
      assert.equal(deletes[name].status, 200, deletes[name].text);
      assert.deepEqual(deletes[name].body, { id: made[name], object: 'bank_account', deleted: true });
      await gone(h, BANK_ACCOUNTS, made[name]);
    }
    // New cheques cannot use it.
    const refused = await h.post(CHEQUES, {
      to: alice,
      from: bob,
      amount: 100,
      bankAccount: made.textAccount,
    });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.error.message, /^bankAccount refers to bank account/);

    const cheque = await waitForOrder(server, key, CHEQUES, made.cheque.id);
    assert.ok(cheque.url, JSON.stringify(cheque.cancellation));
    const text = await pdfText(await fetchPdf(cheque.url));
    assert.match(text, /First Test Bank/);
    assert.match(text, /Bob Sender/, 'the text signature');
    assert.ok(text.includes('⑆011000015⑆') && text.includes('000123456789⑈'), `the MICR line in ${text}`);
    assert.doesNotMatch(JSON.stringify(cheque), /000123456789/, 'the full number only in the PDF');
    const box = await waitForOrder(server, key, BOXES, made.box.id);
    assert.ok(box.url, JSON.stringify(box.cancellation));
    assert.ok((await pdfText(await fetchPdf(box.url))).includes('000123456789⑈'), "the box's cheques");
    const imageCheque = await waitForOrder(server, key, CHEQUES, made.imageCheque.id);
    assert.ok(imageCheque.url, JSON.stringify(imageCheque.cancellation));
    assert.doesNotMatch(await pdfText(await fetchPdf(imageCheque.url), { page: 1 }), /Bob Sender/);

    // Kept, sealed as before, while they are still to print (printing included).
    const signature = (await h.keptFiles(made.imageAccount))[0];
    assert.match(signature, /^signatures\/test\//);
    assert.equal(await h.sealed(made.textAccount), 1);
    assert.deepEqual(await h.sweep(made.textAccount), { removed: 0, waiting: 1 });
    const step = (path: string, id: string) => h.post(`${path}/${id}/progressions`, {});
    assert.equal((await step(CHEQUES, made.cheque.id)).body.status, 'printing');
    created(await h.del(`${BOXES}/${made.box.id}`), 200);
    assert.deepEqual(await h.sweep(made.textAccount), { removed: 0, waiting: 1 }, 'the cheque is printing');
    assert.equal(await h.sealed(made.textAccount), 1);
    assert.equal((await step(CHEQUES, made.cheque.id)).body.status, 'processed_for_delivery');
    created(await h.del(`${CHEQUES}/${made.imageCheque.id}`), 200);
    assert.equal(await h.blobExists(signature), true);

    // Printed or cancelled: the cron's sweep removes the number and the signature image.
    await h.sweepQueued();
    await until(
      async () => (await h.kept(made.textAccount)) + (await h.kept(made.imageAccount)) === 0,
      'swept',
    );
    assert.equal(await h.sealed(made.textAccount), 0);
    assert.equal(await h.sealed(made.imageAccount), 0);
    assert.equal(await h.blobExists(signature), false);
    // The one no cheque used went with the sweep its delete queued.
    await until(async () => (await h.kept(made.unusedAccount)) === 0, 'the unused account swept');
    assert.equal(await h.sealed(made.unusedAccount), 0);
    assert.equal(await h.blobExists(`signatures/test/${made.unusedAccount}`), false);
    // The printed cheque is as it was.
    assert.equal((await h.get(`${CHEQUES}/${made.cheque.id}`)).body.bankAccount, made.textAccount);
  });

  test('templates: deleted at once; their orders print the HTML they were made with', async () => {
    assert.equal(deletes.template.status, 200, deletes.template.text);
    await gone(h, TEMPLATES, made.template);
    const refused = await h.post(LETTERS, letterBody({ html: undefined, template: made.template }));
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.error.message, /template/);
    for (const [path, id] of [
      [LETTERS, made.templateLetter.id],
      [POSTCARDS, made.templatePostcard.id],
    ]) {
      const order = await waitForOrder(server, key, path, id);
      assert.ok(order.url, JSON.stringify(order.cancellation));
      assert.match(await pdfText(await fetchPdf(order.url)), /Template words for Alice/);
      assert.equal(order.template ?? order.frontTemplate, made.template, 'the order still names it');
    }
    // The order's own copy is its content, as its `to` is: nothing is kept beside it.
    assert.equal(await h.kept(made.template), 0);
  });

  test('trackers: deleted at once; their orders still print a short link and its QR code, which answer 404', async () => {
    assert.equal(deletes.tracker.status, 200, deletes.tracker.text);
    await gone(h, TRACKERS, made.tracker);
    const refused = await h.post(LETTERS, letterBody({ html: `<p>{{${made.tracker}}}</p>` }));
    assert.equal(refused.status, 400, refused.text);
    const letter = await waitForOrder(server, key, LETTERS, made.trackerLetter.id);
    assert.ok(letter.url, JSON.stringify(letter.cancellation));
    const pdf = await fetchPdf(letter.url);
    const m = new RegExp(`${server.url}/t/[1-9A-HJ-NP-Za-km-z]{12}`).exec(await pdfText(pdf, { page: 1 }));
    assert.ok(m, 'a short link printed');
    const pixels = await zoneRgb(
      pdf,
      1,
      { x: 0.75 * 72, y: 4.75 * 72, width: 2.5 * 72, height: 2.5 * 72 },
      3,
    );
    const rgba = new Uint8ClampedArray(pixels.width * pixels.height * 4);
    for (let i = 0, j = 0; i < pixels.data.length; i += 3, j += 4)
      rgba.set([pixels.data[i], pixels.data[i + 1], pixels.data[i + 2], 255], j);
    assert.equal(jsQR(rgba, pixels.width, pixels.height)?.data, m[0], 'the QR code is of the same link');
    // A deleted tracker's links are retired: this one was never stored and leads nowhere.
    assert.equal(await statusOf(m[0]), 404);
    const links = await server.runtime.db.pool.query('SELECT 1 FROM tracker_links WHERE order_id = $1', [
      letter.id,
    ]);
    assert.equal(links.rowCount, 0);
    assert.equal(await h.kept(made.tracker), 0);
  });

  test('return envelopes have no delete; a letter whose envelope contact is deleted prints and gives it back when cancelled', async () => {
    assert.equal(deletes.envelope.status, 404, deletes.envelope.text);
    assert.equal(deletes.envelopeContact.status, 200, deletes.envelopeContact.text);
    const letter = await waitForOrder(server, key, LETTERS, made.envelopeLetter.id);
    assert.ok(letter.url, JSON.stringify(letter.cancellation));
    assert.equal(letter.returnEnvelope, made.envelope);
    const envelope = (await h.get(`${RETURN_ENVELOPES}/${made.envelope}`)).body;
    assert.equal(envelope.to.firstName, 'Carol', 'the envelope keeps its copy of the contact');
    assert.equal(envelope.available, 4999);
    created(await h.del(`${LETTERS}/${made.envelopeLetter.id}`), 200);
    assert.equal((await h.get(`${RETURN_ENVELOPES}/${made.envelope}`)).body.available, 5000);
  });
});

/** An image host that answers at once until `hold()`, then holds every request until `release()`. */
async function holdableImage() {
  let holding = false;
  let held = 0;
  const waiting: Array<() => void> = [];
  const host = http.createServer((_req, res) => {
    const answer = () => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (!holding) return answer();
    held++;
    waiting.push(answer);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get held() {
      return held;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
    async close() {
      this.release();
      host.closeAllConnections();
      await new Promise((r) => host.close(r));
    },
  };
}

describe("deleting an order profile while its campaign's letters wait to print", () => {
  let server: TestServer;
  let key: string;
  let image: Awaited<ReturnType<typeof holdableImage>>;
  const h = helpers(
    () => server,
    () => key,
  );
  before(async () => {
    server = await startTestServer();
    key = await server.key({ org: 'pending-profile-org' });
    image = await holdableImage();
  });
  after(async () => {
    await image.close();
    await server.close();
  });

  const waitFor = async (path: string, done: (doc: any) => boolean) => {
    let last: any;
    await until(async () => {
      last = (await h.get(path)).body;
      return done(last);
    }, path);
    return last;
  };

  /** A campaign of `n` new contacts from `profile`, sent; its letters' ids. */
  async function sentCampaign(profile: string, n: number, beforeSend = () => {}) {
    const contacts: string[] = [];
    for (let i = 1; i <= n; i++)
      contacts.push(created(await h.post(`${V1}/contacts`, { ...alice, firstName: `Reader${i}` })).id);
    const list = created(await h.post(`${V1}/mailing_lists`, { description: 'spring' })).id;
    assert.ok((await h.post(`${V1}/mailing_lists/${list}/jobs`, { addContacts: contacts })).status < 300);
    await waitFor(`${V1}/mailing_lists/${list}`, (l) => l.status === 'completed');
    const sender = created(await h.post(`${V1}/contacts`, bob)).id;
    const campaign = created(
      await h.post(CAMPAIGNS, { mailingList: list, letterProfile: profile, defaultSenderContact: sender }),
    );
    const draft = await waitFor(`${CAMPAIGNS}/${campaign.id}`, (c) => c.status !== 'drafting');
    assert.equal(draft.status, 'draft', JSON.stringify(draft.errors));
    beforeSend();
    created(await h.post(`${CAMPAIGNS}/${campaign.id}/send`, {}), 200);
    const ready = await waitFor(`${CAMPAIGNS}/${campaign.id}`, (c) => c.status === 'ready');
    assert.equal(ready.createdCount, n);
    const report = (await (await fetch(ready.reportURL)).text()).trim().split('\n').slice(1);
    return { list: list as string, letters: report.map((r) => r.split(',')[1]) };
  }

  test('its attachment is kept while they render and print, then removed', async () => {
    const profile = created(
      await server.request('POST', LETTER_PROFILES, {
        key,
        multipart: multipartOf(
          {
            size: 'us_letter',
            html: `<img src="${image.url}/{{to.firstName}}.png" style="width:1in"><p>Hello {{to.firstName}}</p>`,
            attachedPDF: { placement: 'after_template' },
          },
          { 'attachedPDF[file]': await makePdf('Attached', 1) },
        ),
      }),
    ).id;
    // The draft's preview renders freely (and the renderer keeps its contact's image); the
    // other letter's render is held on its image.
    const { list, letters } = await sentCampaign(profile, 2, () => image.hold());
    await until(async () => image.held >= 1, 'a letter rendering');

    created(await h.del(`${LETTER_PROFILES}/${profile}`), 200);
    await gone(h, LETTER_PROFILES, profile);
    const [attached] = await h.keptFiles(profile);
    assert.match(attached, /-attached\.pdf$/);
    const again = await h.post(CAMPAIGNS, { mailingList: list, letterProfile: profile });
    assert.equal(again.status, 400, again.text);
    assert.match(again.body.error.message, /^letterProfile/);
    // The sweep the delete queued found them waiting.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await h.kept(profile), 1);
    assert.equal(await h.blobExists(attached), true);

    image.release();
    for (const id of letters) {
      const letter = await waitForOrder(server, key, LETTERS, id);
      assert.ok(letter.url, JSON.stringify(letter.cancellation));
      const text = await pdfText(await fetchPdf(letter.url));
      assert.match(text, /Hello Reader\d/);
      assert.match(text, /Attached page 1/, 'the deleted profile’s attachment');
    }
    assert.deepEqual(await h.sweep(profile), { removed: 0, waiting: 1 });
    for (let i = 0; i < 2; i++) created(await h.post(`${LETTERS}/${letters[0]}/progressions`, {}), 200);
    created(await h.del(`${LETTERS}/${letters[1]}`), 200);
    await h.sweepQueued();
    await until(async () => (await h.kept(profile)) === 0, 'swept');
    assert.equal(await h.blobExists(attached), false);
  });

  test('its PDF, which its letters answer as their uploadedPDF, stays with them; unused files go at once', async () => {
    const profile = created(
      await server.request('POST', LETTER_PROFILES, {
        key,
        multipart: multipartOf({ size: 'us_letter' }, { pdf: await makePdf('Supplied', 1) }),
      }),
    ).id;
    const { letters } = await sentCampaign(profile, 1);
    const letter = await waitForOrder(server, key, LETTERS, letters[0]);
    assert.ok(letter.url, JSON.stringify(letter.cancellation));
    created(await h.del(`${LETTER_PROFILES}/${profile}`), 200);
    const [pdf] = await h.keptFiles(profile);
    assert.match(pdf, /-content\.pdf$/);
    created(await h.del(`${LETTERS}/${letters[0]}`), 200);
    await until(async () => (await h.kept(profile)) === 0, 'swept');
    assert.equal(await h.blobExists(pdf), true, "the cancelled letter's uploadedPDF");
    assert.equal(await statusOf((await h.get(`${LETTERS}/${letters[0]}`)).body.uploadedPDF), 200);

    // A profile no order used: its files go with the sweep its delete queued.
    const unused = created(
      await server.request('POST', LETTER_PROFILES, {
        key,
        multipart: multipartOf({ size: 'us_letter' }, { pdf: await makePdf('Unused', 1) }),
      }),
    ).id;
    const unusedPdf = (
      await server.runtime.db.pool.query(
        "SELECT doc ->> 'uploadedPDF' AS k FROM letter_profiles WHERE id = $1",
        [unused],
      )
    ).rows[0].k;
    assert.equal(await h.blobExists(unusedPdf), true);
    created(await h.del(`${LETTER_PROFILES}/${unused}`), 200);
    await until(async () => (await h.kept(unused)) === 0, 'swept');
    assert.equal(await h.blobExists(unusedPdf), false);
  });
});
