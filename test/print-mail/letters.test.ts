import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, LETTERS, letterBody, makePdf, waitForLetter } from '../helpers/letters.js';
import { orderContract } from '../helpers/order-contract.js';
import { availableEnvelope } from '../helpers/return-envelopes.js';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'letters-org' });
});
after(() => server.close());

const create = (json: unknown, k = key) => server.request('POST', LETTERS, { key: k, json });

orderContract(() => server, {
  object: 'letter',
  path: LETTERS,
  table: 'letters',
  htmlBody: () => letterBody(),
  templateBody: async (template) => ({
    ...letterBody({ html: undefined }),
    template: await template(letterBody().html),
  }),
  pdfBody: () => ({ to: alice, from: bob }),
  contentPdf: () => makePdf('Supplied', 2),
  unprintable: () => letterBody({ html: '<div style="page-break-after: always">page</div>'.repeat(70) }),
  pages: { html: 1, pdf: 2 },
});

describe('letters: create', () => {
  test('returns every field with defaults; inline contacts become contacts; to is a snapshot', async () => {
    const res = await create(letterBody({ metadata: { batch: '7' }, description: 'Welcome' }));
    assert.equal(res.status, 201, res.text);
    const l = res.body;
    assert.equal(l.object, 'letter');
    assert.equal(l.status, 'ready');
    assert.equal(l.live, false);
    assert.equal(l.to.object, 'contact');
    assert.equal(l.to.firstName, 'Alice');
    assert.equal(l.from.companyName, 'Sender Co');
    assert.deepEqual(
      [l.addressPlacement, l.color, l.doubleSided, l.envelope, l.mailingClass, l.size],
      ['top_first_page', false, false, 'standard', 'first_class', 'us_letter'],
    );
    assert.equal(l.paper, 'standard', 'paper defaults to standard when not sent');
    assert.equal(l.html, letterBody().html);
    assert.deepEqual(l.mergeVariables, { code: 'Z-42' });
    assert.equal(l.url, undefined, 'the API answers before the PDF exists');
    assert.ok('pdfWorkflowRun' in l && l.pdfWorkflowRun === null, 'pdfWorkflowRun: present, null');
    assert.ok(Date.parse(l.sendDate) > 0);
    const contact = await server.request('GET', `/print-mail/v1/contacts/${l.to.id}`, { key });
    assert.equal(contact.status, 200);
    await server.request('DELETE', `/print-mail/v1/contacts/${l.to.id}`, { key });
    const again = await server.request('GET', `${LETTERS}/${l.id}`, { key });
    assert.equal(again.body.to.firstName, 'Alice');
    const byId = await create(letterBody({ to: l.from.id, from: l.from.id }));
    assert.equal(byId.status, 201);
    assert.equal(byId.body.to.companyName, 'Sender Co');
  });

  test('every optional field is accepted, validated and returned', async () => {
    const envelope = await availableEnvelope(server, key, { ...bob, companyName: 'Replies Dept' });
    const res = await create(
      letterBody({
        color: true,
        doubleSided: true,
        addressPlacement: 'insert_blank_page',
        envelope: 'envelope_custom1',
        mailingClass: 'usps_first_class',
        size: 'a4',
        perforatedPage: 1,
        paper: 'premium_paper_letter_standard_white_80lb',
        plasticCard: { size: 'standard', singleSided: { html: '<p>card</p>' } },
        returnEnvelope: envelope.id,
      }),
    );
    assert.equal(res.status, 201, res.text);
    const l = res.body;
    assert.equal(l.mailingClass, 'us_post_first_class', 'carrier spelling mapped to the canonical value');
    assert.equal(l.size, 'a4');
    assert.equal(l.perforatedPage, 1);
    assert.equal(l.paper, 'premium_paper_letter_standard_white_80lb');
    assert.deepEqual(l.plasticCard, { size: 'standard', singleSided: { html: '<p>card</p>' } });
    assert.equal(l.returnEnvelope, envelope.id);
    const openApiSpelling = await create(
      letterBody({
        plasticCard: { size: 'standard', doubleSided: { frontHTML: '<p>f</p>', backHTML: '<p>b</p>' } },
      }),
    );
    assert.equal(openApiSpelling.status, 201, openApiSpelling.text);
    assert.deepEqual(openApiSpelling.body.plasticCard.doubleSided, {
      frontHTML: '<p>f</p>',
      backHTML: '<p>b</p>',
    });
    const both = await create(
      letterBody({
        plasticCard: { size: 'standard', doubleSided: { frontHtml: 'a', frontHTML: 'b', backHtml: 'c' } },
      }),
    );
    assert.equal(both.status, 400);
    assert.match(
      both.body.error.message,
      /^plasticCard\.doubleSided\.frontHtml and plasticCard\.doubleSided\.frontHTML/,
    );
    for (const mailingClass of ['royal_mail_second_class', 'ups_express_overnight', 'ca_post_lettermail']) {
      const ok = await create(letterBody({ mailingClass }));
      assert.equal(ok.status, 201, mailingClass);
    }
  });

  test('templates: merged at render, missing variables are a 400 naming them', async () => {
    const t = await server.request('POST', '/print-mail/v1/templates', {
      key,
      json: { html: '<p>{{to.firstName}} owes {{amount}} by {{due}}</p>{{#if vip}}{{perk}}{{/if}}' },
    });
    const missing = await create({
      to: alice,
      from: bob,
      template: t.body.id,
      mergeVariables: { amount: 5 },
    });
    assert.equal(missing.status, 400);
    assert.match(missing.body.error.message, /mergeVariables.*"due"/);
    assert.doesNotMatch(missing.body.error.message, /perk/);
    const vip = await create({
      to: alice,
      from: bob,
      template: t.body.id,
      mergeVariables: { amount: 5, due: 'May', vip: true },
    });
    assert.equal(vip.status, 400);
    assert.match(vip.body.error.message, /"perk"/);
    const ok = await create({
      to: alice,
      from: bob,
      template: t.body.id,
      mergeVariables: { amount: 5, due: 'May' },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.template, t.body.id);
  });

  test('form-encoded bodies with bracket keys', async () => {
    const res = await server.request('POST', LETTERS, {
      key,
      form: {
        'to[firstName]': 'Form',
        'to[addressLine1]': '3 Form St',
        'to[city]': 'Boston',
        'to[provinceOrState]': 'MA',
        'to[postalOrZip]': '02114',
        'from[companyName]': 'Form Co',
        'from[addressLine1]': '4 Form St',
        html: '<p>{{greeting}}</p>',
        'mergeVariables[greeting]': 'hi',
        color: 'true',
        perforatedPage: '1',
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.color, true);
    assert.equal(res.body.perforatedPage, 1);
  });
});

describe('letters: bad input is a 400 naming the field, nothing half-created', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['html and template', { template: 'template_1111111111111111111111' }, /html and template/],
    ['neither', { html: undefined }, /html.*exactly one/],
    ['unknown template', { html: undefined, template: 'template_1111111111111111111111' }, /^template /],
    ['unknown mailing class', { mailingClass: 'pigeon' }, /^mailingClass /],
    ['past sendDate', { sendDate: '2020-01-01' }, /^sendDate .*past/],
    ['malformed sendDate', { sendDate: 'next tuesday' }, /^sendDate /],
    ['impossible sendDate', { sendDate: '2031-02-30' }, /^sendDate .*real date/],
    ['bad size', { size: 'legal' }, /size/],
    ['perforatedPage 2', { perforatedPage: 2 }, /perforatedPage/],
    ['bad paper', { paper: 'glossy' }, /paper/],
    ['bad returnEnvelope', { returnEnvelope: 'nope' }, /returnEnvelope/],
    ['inline contact missing a line', { to: { firstName: 'X' } }, /^to\.addressLine1/],
    ['unknown contact id', { to: 'contact_1111111111111111111111' }, /^to /],
    ['broken html', { html: '{{#each x}}' }, /^html /],
    ['pdf not a URL', { html: undefined, pdf: 'file:///etc/passwd' }, /^pdf /],
  ];
  for (const [name, patch, message] of cases) {
    test(name, async () => {
      const k = await server.key({ org: 'letters-bad' });
      const res = await create({ ...letterBody(), ...patch }, k);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
      const list = await server.request('GET', LETTERS, { key: k });
      assert.equal(list.body.totalCount, 0);
    });
  }
});

test('an invalid from with a new inline to: 400, and neither contact is created', async () => {
  const k = await server.key({ org: 'letters-bad-from' });
  const to = { ...letterBody().to, firstName: 'Unwritten' };
  const res = await create({ ...letterBody(), to, from: { companyName: 'No Street' } }, k);
  assert.equal(res.status, 400, res.text);
  assert.match(res.body.error.message, /^from\.addressLine1/);
  const contacts = await server.request('GET', '/print-mail/v1/contacts', { key: k });
  assert.equal(contacts.body.totalCount, 0);
});

test('concurrent letters from one inline return address share one contact; to = from is one contact', async () => {
  const k = await server.key({ org: 'letters-shared-from' });
  const from = { ...letterBody().from, companyName: 'Shared Sender' };
  const made = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      create({ ...letterBody(), to: { ...letterBody().to, firstName: `R${i}` }, from }, k),
    ),
  );
  assert.deepEqual(
    made.map((r) => r.status),
    made.map(() => 201),
  );
  assert.equal(new Set(made.map((r) => r.body.from.id)).size, 1);
  const contacts = await server.request('GET', '/print-mail/v1/contacts', { key: k });
  assert.equal(contacts.body.totalCount, 21);
  const self = await create({ ...letterBody(), to: from, from }, k);
  assert.equal(self.status, 201, self.text);
  assert.equal(self.body.to.id, made[0].body.from.id);
  assert.equal(self.body.from.id, made[0].body.from.id);
  const changed = await create({ ...letterBody(), from: { ...from, description: 'HQ' } }, k);
  assert.equal(changed.body.from.id, made[0].body.from.id);
  assert.equal(changed.body.from.description, 'HQ');
});

describe('letters: cancellation and progressions', () => {
  test('DELETE and cancellation with a note cancel ready letters only', async () => {
    const a = (await create(letterBody())).body;
    const del = await server.request('DELETE', `${LETTERS}/${a.id}`, { key });
    assert.equal(del.status, 200);
    assert.equal(del.body.status, 'cancelled');
    const { cancelledByUser, ...cancellation } = del.body.cancellation;
    assert.deepEqual(cancellation, { reason: 'user_initiated' });
    assert.match(cancelledByUser, /^key_/, 'the API key that cancelled it');
    const twice = await server.request('DELETE', `${LETTERS}/${a.id}`, { key });
    assert.equal(twice.status, 422);
    const b = (await create(letterBody())).body;
    const noted = await server.request('POST', `${LETTERS}/${b.id}/cancellation`, {
      key,
      json: { note: 'typo' },
    });
    assert.equal(noted.status, 200);
    assert.deepEqual(noted.body.cancellation, { reason: 'user_initiated', note: 'typo', cancelledByUser });
    const c = (await create(letterBody())).body;
    await server.request('POST', `${LETTERS}/${c.id}/progressions`, { key });
    const late = await server.request('DELETE', `${LETTERS}/${c.id}`, { key });
    assert.equal(late.status, 422);
    assert.equal(late.body.error.type, 'order_not_cancellable_error');
  });

  test('progressions step one state at a time, test mode only', async () => {
    const l = (await create(letterBody())).body;
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.request('POST', `${LETTERS}/${l.id}/progressions`, { key });
      assert.equal(res.status, 200);
      seen.push(res.body.status);
    }
    assert.deepEqual(seen, ['printing', 'processed_for_delivery', 'completed']);
    const done = await server.request('POST', `${LETTERS}/${l.id}/progressions`, { key });
    assert.equal(done.status, 422);
    assert.equal(done.body.error.type, 'invalid_progression_error');
    const cancelled = (await create(letterBody())).body;
    await server.request('DELETE', `${LETTERS}/${cancelled.id}`, { key });
    const fromCancelled = await server.request('POST', `${LETTERS}/${cancelled.id}/progressions`, { key });
    assert.equal(fromCancelled.status, 422);
    const liveKey = await server.key({ org: 'letters-org', mode: 'live' });
    const live = (await create(letterBody(), liveKey)).body;
    const refused = await server.request('POST', `${LETTERS}/${live.id}/progressions`, { key: liveKey });
    assert.equal(refused.status, 422);
    const events = await server.request('GET', '/print-mail/v1/events?limit=100', { key });
    assert.equal(events.status, 200);
    const mine = events.body.data.filter((e: any) => e.data.id === l.id);
    assert.equal(mine.filter((e: any) => e.type === 'letter.created').length, 1);
    const steps = mine
      .filter((e: any) => e.updatedFields?.includes('status'))
      .map((e: any) => e.data.status)
      .reverse();
    assert.deepEqual(steps, ['printing', 'processed_for_delivery', 'completed']);
  });
});

describe('letters: sendDate schedules the move on', () => {
  test('a test letter completes at the first New York midnight after its send date', async () => {
    const k = await server.key({ org: 'letters-schedule' });
    const res = await create(
      letterBody({ sendDate: new Date(server.clock.now().getTime() + 2 * 86_400_000).toISOString() }),
      k,
    );
    assert.equal(res.status, 201, res.text);
    const l = await waitForLetter(server, k, res.body.id);
    assert.ok(l.url, 'rendered');
    server.clock.advance(86_400_000);
    await server.runtime.boss.send('advance-orders', {});
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await server.request('GET', `${LETTERS}/${l.id}`, { key: k })).body.status, 'ready');
    server.clock.advance(2 * 86_400_000);
    await server.runtime.boss.send('advance-orders', {});
    const done = await waitForLetter(server, k, l.id, (x) => x.status === 'completed', 10_000);
    assert.equal(done.status, 'completed');
  });
});

describe('letters: lists, search and idempotency', () => {
  test('search by recipient text and by metadata; the same Idempotency-Key makes one letter', async () => {
    const k = await server.key({ org: 'letters-search' });
    const zed = await create(
      letterBody({ to: { ...alice, firstName: 'Zedekiah' }, metadata: { campaign: 'spring' } }),
      k,
    );
    await create(letterBody(), k);
    const text = await server.request('GET', `${LETTERS}?search=zedekiah`, { key: k });
    assert.equal(text.body.totalCount, 1);
    assert.equal(text.body.data[0].id, zed.body.id);
    const q = encodeURIComponent(JSON.stringify({ 'metadata.campaign': 'spring' }));
    const fields = await server.request('GET', `${LETTERS}?search=${q}`, { key: k });
    assert.deepEqual(
      fields.body.data.map((l: { id: string }) => l.id),
      [zed.body.id],
    );
    const headers = { 'idempotency-key': 'letter-once' };
    const first = await server.request('POST', LETTERS, { key: k, json: letterBody(), headers });
    const second = await server.request('POST', LETTERS, { key: k, json: letterBody(), headers });
    assert.equal(first.status, 201);
    assert.equal(second.body.id, first.body.id);
    const all = await server.request('GET', LETTERS, { key: k });
    assert.equal(all.body.totalCount, 3);
  });
});
