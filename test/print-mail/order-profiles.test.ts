import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  getOrderProfile,
  profileOrderInput,
} from '../../src/api/print-mail/order-profiles/profile-order-input.js';
import type { OrderCreateBase } from '../../src/api/print-mail/orders/order-base.schema.js';
import type { OrderKind } from '../../src/api/print-mail/orders/order-kind.js';
import {
  insertOrder,
  insertOrderAtOnce,
  type OrderCreateContext,
  prepareOrder,
} from '../../src/api/print-mail/orders/order-service.js';
import type { Scope } from '../../src/db/scope.js';
import { withTransaction } from '../../src/db/tx.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, makePdf, pdfText, serveFiles } from '../helpers/letters.js';
import { twoPagePdf } from '../helpers/mailpieces.js';
import { badInputCases, multipartOf, waitForOrder } from '../helpers/orders.js';
import { availableEnvelope } from '../helpers/return-envelopes.js';

const V1 = '/print-mail/v1';
const PROFILES = `${V1}/order_profiles`;
const LETTER_PROFILES = `${PROFILES}/letters`;
const POSTCARD_PROFILES = `${PROFILES}/postcards`;
const SELF_MAILER_PROFILES = `${PROFILES}/self_mailers`;
const CHEQUE_PROFILES = `${PROFILES}/cheques`;
const NO_SUCH_TEMPLATE = 'template_1111111111111111111111';

let server: TestServer;
let key: string;
let files: Awaited<ReturnType<typeof serveFiles>>;

const usBank = {
  bankName: 'First Test Bank',
  bankPrimaryLine: '100 Main St',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Bob Sender',
};

async function created(res: { status: number; text: string; body: any }, status = 201) {
  assert.equal(res.status, status, res.text);
  return res.body;
}
const templateIn = async (s: TestServer, k: string, html: string): Promise<string> =>
  (await created(await s.request('POST', `${V1}/templates`, { key: k, json: { html } }))).id;
const bankAccountIn = async (s: TestServer, k: string): Promise<string> =>
  (await created(await s.request('POST', `${V1}/bank_accounts`, { key: k, json: usBank }))).id;
const post = (path: string, json: unknown, k = key) => server.request('POST', path, { key: k, json });
const get = (path: string, k = key) => server.request('GET', path, { key: k });
/** The stored file a signed link points at (its path, without the expiring signature). */
const fileOf = (link: string) => new URL(link).pathname;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'profiles-org' });
  files = await serveFiles({
    '/letter.pdf': { body: await makePdf('Supplied', 2), type: 'application/pdf' },
    '/mailer.pdf': { body: await twoPagePdf(8.75, 11.25), type: 'application/pdf' },
    '/one-page.pdf': { body: await twoPagePdf(8.75, 11.25, 1), type: 'application/pdf' },
    '/postcard.pdf': { body: await twoPagePdf(6.25, 4.25), type: 'application/pdf' },
    '/not.pdf': { body: 'hello', type: 'application/pdf' },
    '/logo.txt': { body: 'not an image', type: 'image/png' },
  });
});
after(async () => {
  await files.close();
  await server.close();
});

// The shared contract for each of the four paths: auth, 404, list, test/live and organization isolation, delete.
const contracts: Array<[string, string, (s: TestServer, k: string) => Promise<Record<string, unknown>>]> = [
  [
    'letter_profile',
    LETTER_PROFILES,
    async (s, k) => ({ size: 'us_letter', template: await templateIn(s, k, 'L') }),
  ],
  [
    'postcard_profile',
    POSTCARD_PROFILES,
    async (s, k) => ({ size: '6x4', frontTemplate: await templateIn(s, k, 'F'), backHTML: '<p>B</p>' }),
  ],
  [
    'self_mailer_profile',
    SELF_MAILER_PROFILES,
    async () => ({ size: '8.5x11_bifold', insideHTML: 'I', outsideHTML: 'O' }),
  ],
  [
    'cheque_profile',
    CHEQUE_PROFILES,
    async (s, k) => ({ size: 'us_letter', bankAccount: await bankAccountIn(s, k) }),
  ],
];
for (const [object, path, body] of contracts)
  resourceContract(() => server, {
    object,
    path,
    idPrefix: object,
    product: 'print-mail',
    deletion: 'removes',
    create: async (s, k) => created(await s.request('POST', path, { key: k, json: await body(s, k) })),
  });

describe('order profiles: create, update, read', () => {
  test('a letter profile keeps what it was given, in the hosted shape; the class in the spec spelling', async () => {
    const template = await templateIn(server, key, '<p>Dear {{to.firstName}}, {{offer}}</p>');
    const envelope = await availableEnvelope(server, key, bob, 5000);
    const profile = await created(
      await post(LETTER_PROFILES, {
        size: 'us_letter',
        template: ` ${template} `,
        color: true,
        doubleSided: true,
        addressPlacement: 'insert_blank_page',
        envelope: 'standard',
        perforatedPage: 1,
        returnEnvelope: envelope.id,
        mailingClass: 'usps_first_class',
        mergeVariables: { offer: '10% off' },
        metadata: { team: 'growth' },
        description: 'Monthly newsletter',
      }),
    );
    assert.match(profile.id, /^letter_profile_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(profile.object, 'letter_profile');
    assert.equal(profile.template, template);
    assert.equal(profile.mailingClass, 'us_post_first_class');
    assert.equal(profile.returnEnvelope, envelope.id);
    assert.deepEqual(profile.mergeVariables, { offer: '10% off' });
    assert.equal(profile.uploadedPDF, undefined);
    // Nothing the client did not give is filled in: its orders apply the kind's defaults.
    const minimal = await created(await post(LETTER_PROFILES, { size: 'a4', template }));
    assert.deepEqual(Object.keys(minimal).sort(), [
      'createdAt',
      'id',
      'live',
      'object',
      'size',
      'template',
      'updatedAt',
    ]);

    const found = await get(`${LETTER_PROFILES}?search=newsletter`);
    assert.deepEqual(
      found.body.data.map((p: { id: string }) => p.id),
      [profile.id],
    );
  });

  test('form-encoded create coerces like an order; update changes only what it names, null removes', async () => {
    const template = await templateIn(server, key, '<p>{{greeting}}</p>');
    const form = await created(
      await server.request('POST', POSTCARD_PROFILES, {
        key,
        form: {
          size: '9x6',
          frontTemplate: template,
          backTemplate: template,
          'mergeVariables[greeting]': 'hi',
          'metadata[batch]': '7',
          description: 'Spring',
        },
      }),
    );
    assert.equal(form.size, '9x6');
    assert.deepEqual(form.mergeVariables, { greeting: 'hi' });

    const updated = await created(
      await post(`${POSTCARD_PROFILES}/${form.id}`, {
        size: '11x6',
        description: null,
        mailingClass: 'standard_class',
      }),
      200,
    );
    assert.equal(updated.size, '11x6');
    assert.equal(updated.description, undefined);
    assert.equal(updated.mailingClass, 'standard_class');
    assert.equal(updated.frontTemplate, template);
    assert.deepEqual(updated.metadata, { batch: '7' });
    assert.equal(updated.createdAt, form.createdAt);
    assert.deepEqual((await get(`${POSTCARD_PROFILES}/${form.id}`)).body, updated);

    // A form client removes a field with an empty value.
    const cleared = await server.request('POST', `${POSTCARD_PROFILES}/${form.id}`, {
      key,
      form: { metadata: '' },
    });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.metadata, undefined);
  });

  test('a bad update is a 400 naming the field and changes nothing', async () => {
    const profile = await created(
      await post(SELF_MAILER_PROFILES, { size: '8.5x11_bifold', insideHTML: 'I', outsideHTML: 'O' }),
    );
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ size: null }, /size/],
      [{ mergeVariables: 'x' }, /^mergeVariables must be object/],
      [{ size: '5x5' }, /size/],
      [{ mailingClass: 'usps_eddm' }, /mailingClass/],
      [{ insideHTML: null }, /insideHTML is required/],
      [{ insideTemplate: NO_SUCH_TEMPLATE }, /insideHTML and insideTemplate/],
      [{ insideHTML: null, insideTemplate: NO_SUCH_TEMPLATE }, /insideTemplate refers to template/],
      [{ pdf: `${files.url}/mailer.pdf` }, /^pdf cannot be combined/],
    ];
    for (const [json, message] of cases) {
      const res = await post(`${SELF_MAILER_PROFILES}/${profile.id}`, json);
      assert.equal(res.status, 400, `${JSON.stringify(json)}: ${res.text}`);
      assert.match(res.body.error.message, message);
    }
    assert.deepEqual((await get(`${SELF_MAILER_PROFILES}/${profile.id}`)).body, profile);
  });

  test('a multipart pdf is stored and answered as a signed uploadedPDF link; a new one gets a file of its own', async () => {
    const pdf = await makePdf('Supplied', 2);
    const profile = await created(
      await server.request('POST', LETTER_PROFILES, {
        key,
        multipart: multipartOf(
          { size: 'us_letter', attachedPDF: { placement: 'after_template' } },
          {
            pdf,
            'attachedPDF[file]': await makePdf('Attached', 1),
          },
        ),
      }),
    );
    assert.match(
      profile.uploadedPDF,
      /\/files\/uploads\/test\/letter_profile_.+\.pdf\?expires=\d+&signature=/,
    );
    assert.match(profile.attachedPDF.file, /\/files\/uploads\/test\/.+-attached\.pdf\?expires=/);
    assert.equal(profile.attachedPDF.placement, 'after_template');
    assert.equal(profile.pdf, undefined);
    const file = await fetch(profile.uploadedPDF);
    assert.equal(file.status, 200);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), pdf);
    const read = (await get(`${LETTER_PROFILES}/${profile.id}`)).body;
    assert.equal(fileOf(read.uploadedPDF), fileOf(profile.uploadedPDF));

    // A description changes; the stored files stay as they are.
    const described = await created(
      await post(`${LETTER_PROFILES}/${profile.id}`, { description: 'x' }),
      200,
    );
    assert.equal(fileOf(described.uploadedPDF), fileOf(profile.uploadedPDF));
    // A new pdf is a new file; the one earlier orders use is still there.
    const replaced = await created(
      await server.request('POST', `${LETTER_PROFILES}/${profile.id}`, {
        key,
        multipart: multipartOf({}, { pdf: await makePdf('Second', 1) }),
      }),
      200,
    );
    assert.notEqual(fileOf(replaced.uploadedPDF), fileOf(profile.uploadedPDF));
    assert.equal(await statusOf(profile.uploadedPDF), 200);
    // Switching to a template takes removing the pdf in the same update.
    const template = await templateIn(server, key, '<p>T</p>');
    const both = await post(`${LETTER_PROFILES}/${profile.id}`, { template });
    assert.equal(both.status, 400, both.text);
    assert.match(both.body.error.message, /^template and pdf cannot be combined/);
    const switched = await created(
      await post(`${LETTER_PROFILES}/${profile.id}`, { template, pdf: null }),
      200,
    );
    assert.equal(switched.template, template);
    assert.equal(switched.uploadedPDF, undefined);
    assert.match(switched.attachedPDF.file, /-attached\.pdf/);
  });
});

describe('letter profiles: bad input is a 400 naming the field, nothing created', () => {
  let otherOrgTemplate: string;
  let liveTemplate: string;
  before(async () => {
    otherOrgTemplate = await templateIn(server, await server.key({ org: 'profiles-other' }), '<p>x</p>');
    liveTemplate = await templateIn(
      server,
      await server.key({ org: 'bad-input-letters', mode: 'live' }),
      '<p>x</p>',
    );
  });
  const url = (name: string) => `${files.url}/${name}`;
  badInputCases(
    () => server,
    LETTER_PROFILES,
    () => ({ size: 'us_letter', html: '<p>Hello {{to.firstName}}</p>' }),
    [
      ['no size', { size: undefined }, /size/],
      ['an unknown size', { size: 'us_legal' }, /size must be one of: us_letter, a4/],
      ['an unknown mailing class', { mailingClass: 'pigeon' }, /^mailingClass must be one of/],
      [
        'a class no addressed order can take',
        { mailingClass: 'usps_eddm' },
        /^mailingClass cannot be us_post_eddm/,
      ],
      ['no content', { html: undefined }, /^html is required: supply exactly one of html, template or pdf/],
      [
        'template and pdf',
        () => ({ html: undefined, template: NO_SUCH_TEMPLATE, pdf: url('letter.pdf') }),
        /^template and pdf/,
      ],
      ['html and template', { template: NO_SUCH_TEMPLATE }, /^html and template cannot be combined/],
      [
        'an unknown template',
        { html: undefined, template: NO_SUCH_TEMPLATE },
        /^template refers to template/,
      ],
      ['not a template id', { html: undefined, template: 'nope' }, /^template must be a template id/],
      [
        "another organization's template",
        () => ({ html: undefined, template: otherOrgTemplate }),
        /^template refers/,
      ],
      ["the other mode's template", () => ({ html: undefined, template: liveTemplate }), /^template refers/],
      ['html that is not a template', { html: '<p>{{#if}}</p>' }, /^html is not a valid template/],
      [
        'a tracker the caller does not have',
        { html: '{{tracker_1111111111111111111111}}' },
        /^html uses tracker_/,
      ],
      [
        'an unknown return envelope',
        { returnEnvelope: 'return_envelope_1111111111111111111111' },
        /^returnEnvelope refers/,
      ],
      ['a page that cannot be perforated', { perforatedPage: 2 }, /perforatedPage/],
      ['a pdf that is not one', () => ({ html: undefined, pdf: url('not.pdf') }), /^pdf is not a usable PDF/],
      [
        'a pdf of the wrong size',
        () => ({ html: undefined, pdf: url('postcard.pdf') }),
        /^pdf is not a usable PDF/,
      ],
      [
        'a pdf that cannot be fetched',
        () => ({ html: undefined, pdf: url('missing.pdf') }),
        /^pdf could not be fetched/,
      ],
      ['an attachment without placement', () => ({ attachedPDF: { file: url('letter.pdf') } }), /placement/],
      ['metadata with a long key', { metadata: { ['k'.repeat(41)]: 'v' } }, /metadata/],
    ],
  );
});

describe('postcard and self mailer profiles: bad input', () => {
  badInputCases(
    () => server,
    POSTCARD_PROFILES,
    () => ({ size: '6x4', frontHTML: 'F', backHTML: 'B' }),
    [
      ['an unknown size', { size: '5x5' }, /size must be one of: 6x4, 9x6, 11x6/],
      ['a side missing', { backHTML: undefined }, /^backHTML is required/],
      [
        'templates and a pdf',
        {
          frontHTML: undefined,
          backHTML: undefined,
          frontTemplate: NO_SUCH_TEMPLATE,
          pdf: 'https://x.test/a.pdf',
        },
        /^pdf cannot be combined with frontTemplate/,
      ],
      [
        'an unknown template',
        { frontHTML: undefined, frontTemplate: NO_SUCH_TEMPLATE },
        /^frontTemplate refers to template/,
      ],
      [
        'a pdf of one page',
        () => ({ frontHTML: undefined, backHTML: undefined, pdf: `${files.url}/one-page.pdf` }),
        /^pdf/,
      ],
    ],
  );
  badInputCases(
    () => server,
    SELF_MAILER_PROFILES,
    () => ({ size: '8.5x11_bifold', insideHTML: 'I', outsideHTML: 'O' }),
    [
      ['an unknown size', { size: '6x4' }, /size must be one of/],
      ['no content', { insideHTML: undefined, outsideHTML: undefined }, /^insideHTML is required/],
      [
        'a pdf of one page',
        () => ({ insideHTML: undefined, outsideHTML: undefined, pdf: `${files.url}/one-page.pdf` }),
        /^pdf/,
      ],
    ],
  );
});

describe('cheque profiles: bad input', () => {
  let bankAccount: string;
  let otherOrgBank: string;
  before(async () => {
    bankAccount = await bankAccountIn(server, await server.key({ org: 'bad-input-cheques' }));
    otherOrgBank = await bankAccountIn(server, await server.key({ org: 'profiles-other' }));
  });
  badInputCases(
    () => server,
    CHEQUE_PROFILES,
    () => ({ size: 'us_letter', bankAccount, memo: 'Rent' }),
    [
      ['no bank account', { bankAccount: undefined }, /bankAccount/],
      [
        'an unknown bank account',
        { bankAccount: 'bank_account_1111111111111111111111' },
        /^bankAccount refers to bank account/,
      ],
      [
        "another organization's bank account",
        () => ({ bankAccount: otherOrgBank }),
        /^bankAccount refers to bank account/,
      ],
      ['not a bank account id', { bankAccount: 'acct_1' }, /^bankAccount must be a bank account id/],
      ['an unknown size', { size: 'a4' }, /size must be one of: us_letter, us_legal/],
      ['an unknown currency', { currencyCode: 'EUR' }, /currencyCode/],
      [
        'two letters',
        { letterHTML: '<p>x</p>', letterTemplate: NO_SUCH_TEMPLATE },
        /^letterHTML and letterTemplate cannot be combined/,
      ],
      [
        'an unknown letter template',
        { letterTemplate: NO_SUCH_TEMPLATE },
        /^letterTemplate refers to template/,
      ],
      ['a logo that is not an image', () => ({ logo: `${files.url}/logo.txt` }), /^logo/],
      ['a logo that is not a URL', { logo: 'logo.png' }, /^logo is neither a URL .* nor base64/],
    ],
  );
});

describe('profileOrderInput: a profile makes real orders of its kind', () => {
  let scope: Scope;
  let to: string;
  let from: string;
  let bankAccount: string;
  before(async () => {
    scope = { orgId: (await ensureOrganization(server.runtime.db.pool, 'profiles-org')).id, live: false };
    to = (await created(await post(`${V1}/contacts`, alice))).id;
    from = (await created(await post(`${V1}/contacts`, bob))).id;
    bankAccount = await bankAccountIn(server, key);
  });

  /** Creates the order as POST /{kind} does: prepared (checks, content), then written in one statement or a transaction. */
  async function createOrderFrom(kind: OrderKind, body: Record<string, unknown>) {
    const deps = server.runtime.deps;
    const ctx: OrderCreateContext = {
      scope,
      orgCountryCode: 'US',
      addressing: deps.addressing,
      now: deps.clock.now(),
      blobs: deps.blobs,
      boss: deps.boss,
      signer: deps.signer,
      allowPrivate: deps.config.allowPrivateUrls,
      known: deps.knownContacts,
    };
    const order = await prepareOrder(deps.pool, kind, body as OrderCreateBase, ctx);
    return (
      (await insertOrderAtOnce(deps.pool, order, ctx)) ??
      (await withTransaction(deps.pool, (tx) => insertOrder(tx, order, ctx)))
    );
  }

  /** The profile read as campaigns read it, its order body for Alice from Bob, the order created and rendered. */
  async function renderedFrom(
    profileId: string,
    path: string,
    extra: Record<string, unknown> = {},
    vars?: Record<string, unknown>,
  ) {
    const found = await getOrderProfile(server.runtime.db.pool, scope, profileId);
    assert.ok(found, `${profileId} found`);
    const body = { ...profileOrderInput(found.kind, found.profile, { to, from }, vars), ...extra };
    const order = await createOrderFrom(found.kind, body);
    const done = await waitForOrder(server, key, `${V1}${path}`, order.id);
    assert.ok(done.url, `${path}: rendered, not ${JSON.stringify(done.cancellation)}`);
    assert.equal(done.to.id, to);
    return { body, order: done, pdf: await fetchPdf(done.url) };
  }

  test('letters: the stored pdf is used where it is, and outlives its profile', async () => {
    const profile = await created(
      await server.request('POST', LETTER_PROFILES, {
        key,
        multipart: multipartOf(
          { size: 'us_letter', color: true, mailingClass: 'standard_class', metadata: { src: 'p' } },
          {
            pdf: await makePdf('Supplied', 2),
          },
        ),
      }),
    );
    const found = await getOrderProfile(server.runtime.db.pool, scope, profile.id);
    const body = profileOrderInput(found!.kind, found!.profile, { to, from });
    const order = await createOrderFrom(found!.kind, body);
    // Deleting a profile leaves its orders as they are (the hosted service's rule).
    await created(await server.request('DELETE', `${LETTER_PROFILES}/${profile.id}`, { key }), 200);
    const done = await waitForOrder(server, key, `${V1}/letters`, order.id);
    assert.ok(done.url, JSON.stringify(done.cancellation));
    assert.equal(done.color, true);
    assert.equal(done.mailingClass, 'standard_class');
    assert.deepEqual(done.metadata, { src: 'p' });
    assert.equal(done.description, undefined);
    assert.equal(fileOf(done.uploadedPDF), fileOf(profile.uploadedPDF));
    assert.match(await pdfText(await fetchPdf(done.url)), /Supplied page 2/);
  });

  test('postcards: templates with the profile defaults under the per-contact merge variables; the body is a client body', async () => {
    const profile = await created(
      await post(POSTCARD_PROFILES, {
        size: '6x4',
        frontTemplate: await templateIn(server, key, '<p>{{greeting}} {{to.firstName}}</p>'),
        backTemplate: await templateIn(server, key, '<p>Your code {{code}}</p>'),
        mergeVariables: { greeting: 'Welcome', code: 'DEFAULT' },
      }),
    );
    const { body, order, pdf } = await renderedFrom(profile.id, '/postcards', {}, { code: 'C-77' });
    assert.deepEqual(body.mergeVariables, { greeting: 'Welcome', code: 'C-77' });
    assert.equal(order.frontTemplate, profile.frontTemplate);
    const text = await pdfText(pdf);
    assert.match(text, /Welcome Alice/);
    assert.match(text, /Your code C-77/);
    // The same body, sent as JSON by a client, is a postcard too.
    await created(await post(`${V1}/postcards`, body));
  });

  test('self mailers: a pdf fetched once by URL, reused by the order', async () => {
    const profile = await created(
      await post(SELF_MAILER_PROFILES, { size: '8.5x11_bifold', pdf: `${files.url}/mailer.pdf` }),
    );
    const { order, pdf } = await renderedFrom(profile.id, '/self_mailers');
    assert.equal(fileOf(order.uploadedPDF), fileOf(profile.uploadedPDF));
    assert.match(await pdfText(pdf), /Supplied page 1/);
  });

  test('cheques: bank account, memo and an uploaded letter pdf; the amount is the caller’s', async () => {
    const profile = await created(
      await server.request('POST', CHEQUE_PROFILES, {
        key,
        multipart: multipartOf(
          { size: 'us_letter', bankAccount, memo: 'Refund 42', currencyCode: 'USD' },
          {
            letterPDF: await makePdf('Supplied', 1),
          },
        ),
      }),
    );
    assert.match(profile.letterUploadedPDF, /-letter\.pdf\?expires=/);
    const { order, pdf } = await renderedFrom(profile.id, '/cheques', { amount: 4200 });
    assert.equal(order.bankAccount, bankAccount);
    assert.equal(order.memo, 'Refund 42');
    assert.equal(order.amount, 4200);
    assert.match(order.letterPDF, /^cheque_profile_.+-letter\.pdf$/);
    const text = await pdfText(pdf);
    assert.match(text, /Refund 42/);
    assert.match(text, /Supplied page 1/);
  });

  test('getOrderProfile finds only the caller’s profiles, by any kind’s id', async () => {
    const profile = await created(
      await post(SELF_MAILER_PROFILES, { size: '8.5x11_bifold', insideHTML: 'I', outsideHTML: 'O' }),
    );
    const pool = server.runtime.db.pool;
    assert.equal((await getOrderProfile(pool, scope, profile.id))?.kind.name, 'self_mailer');
    assert.equal(await getOrderProfile(pool, { ...scope, live: true }, profile.id), undefined);
    const other = (await ensureOrganization(pool, 'profiles-other')).id;
    assert.equal(await getOrderProfile(pool, { orgId: other, live: false }, profile.id), undefined);
    assert.equal(await getOrderProfile(pool, scope, 'letter_1111111111111111111111'), undefined);
  });
});
