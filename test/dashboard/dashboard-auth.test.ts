import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { orderKind } from '../../src/api/print-mail/orders/order-kinds.js';
import { insertBatch } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { DashboardClient, textOf } from '../helpers/dashboard-client.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// The dashboard's sign-in rules over plain HTTP, as a browser would send them: the session
// cookie, CSRF on every change, sign-out, organization and mode isolation, the operator.

const OPERATOR_TOKEN = 'operator-token-for-the-dashboard-tests-0123456789';
let server: TestServer;

before(async () => {
  server = await startTestServer({ operatorToken: OPERATOR_TOKEN }, { workers: false });
  await importPoints(
    server.runtime.db.pool,
    path.resolve(import.meta.dirname, '../fixtures/completion-points.csv'),
  );
});
after(() => server.close());

const sessionCookie = (setCookies: string[]) => setCookies.find((c) => c.startsWith('postroom_session='));

async function apiContact(key: string, firstName: string) {
  const res = await server.request('POST', '/print-mail/v1/contacts', {
    key,
    json: {
      firstName,
      addressLine1: '90 Canal St',
      city: 'Boston',
      provinceOrState: 'MA',
      postalOrZip: '02114',
    },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

async function apiLetter(key: string, contact: string) {
  const res = await server.request('POST', '/print-mail/v1/letters', {
    key,
    json: { to: contact, from: contact, html: '<p>Hello</p>', description: 'api letter' },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

async function apiPostcard(key: string, contact: string, description: string) {
  const res = await server.request('POST', '/print-mail/v1/postcards', {
    key,
    json: { to: contact, size: '6x4', frontHTML: '<p>Front</p>', backHTML: '<p>Back</p>', description },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

/** The all-kinds table's rows: each order's id and the text of its Kind column. */
const listedKinds = (page: string) =>
  [
    ...page.matchAll(
      /<tr>\s*<td><a href="\/dashboard\/orders\/([^"]+)">[^<]*<\/a><\/td>\s*<td class="kind">([^<]*)<\/td>/g,
    ),
  ].map((m) => ({ id: m[1], kind: m[2] }));

/** A yyyy-mm-dd day this many days from now (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function keyId(key: string): Promise<string> {
  const res = await server.runtime.db.pool.query('SELECT id FROM api_keys WHERE hash = $1', [
    createHash('sha256').update(key).digest(),
  ]);
  return res.rows[0].id;
}

describe('sign in', () => {
  test('a secret key opens a session: HttpOnly, SameSite=Strict cookie with an expiry, stored hashed, the key shown nowhere', async () => {
    const key = await server.key({ org: 'dash-sign-in' });
    const client = new DashboardClient(server);
    const res = await client.signIn(key);
    assert.equal(res.status, 303);
    assert.equal(res.location, '/dashboard/orders');
    const cookie = sessionCookie(res.setCookies);
    assert.ok(cookie, 'a session cookie is set');
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, /; Path=\/dashboard/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
    const hoursLeft = (expires - Date.now()) / 3_600_000;
    assert.ok(hoursLeft > 11 && hoursLeft <= 12.01, `expires in ${hoursLeft} h`);

    const token = client.jar.get('postroom_session')!;
    const stored = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM dashboard_sessions WHERE token_hash = $1',
      [createHash('sha256').update(token).digest()],
    );
    assert.equal(stored.rows[0].n, 1, 'the session is found by the hash of its token');

    const page = await client.get('/dashboard/orders');
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(key), 'the key is not in the page');
    assert.match(page.text, /dash-sign-in/);
    assert.match(page.text, /Test mode/);
  });

  test('a wrong key, a public key and a revoked key are refused with a message and no session', async () => {
    const publicKey = await server.key({ org: 'dash-refused', kind: 'public' });
    const revoked = await server.key({ org: 'dash-refused' });
    await server.runtime.db.pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [
      await keyId(revoked),
    ]);
    const cases: Array<[string, RegExp]> = [
      ['not a key', /not an API key/],
      [publicKey, /public key/],
      [revoked, /No active key matches/],
    ];
    for (const [credential, message] of cases) {
      const client = new DashboardClient(server);
      const res = await client.signIn(credential);
      assert.equal(res.status, 401, credential);
      assert.match(textOf(res.text, 'credential-problem') ?? '', message);
      assert.equal(sessionCookie(res.setCookies), undefined);
      assert.ok(!res.text.includes(credential) || credential === 'not a key', 'the typed key is not echoed');
    }
  });

  test('without a session every page leads to the sign-in page', async () => {
    const client = new DashboardClient(server);
    for (const path of [
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/keys',
      '/dashboard/contacts/contact_x',
    ]) {
      const res = await client.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.location, '/dashboard/sign-in', path);
    }
    // htmx's polling is sent to the sign-in page as a whole page, not swapped into a fragment.
    const polled = await fetch(`${server.url}/dashboard/orders/letter_x/live`, {
      headers: { 'hx-request': 'true' },
      redirect: 'manual',
    });
    assert.equal(polled.status, 204);
    assert.equal(polled.headers.get('hx-redirect'), '/dashboard/sign-in');
  });
});

describe('CSRF', () => {
  test('a change without the form token is refused and changes nothing; with it, it is made', async () => {
    const key = await server.key({ org: 'dash-csrf' });
    const client = new DashboardClient(server);
    await client.signIn(key);
    await client.get('/dashboard/keys');
    const count = async () =>
      (
        await server.runtime.db.pool.query(
          `SELECT count(*)::int AS n FROM api_keys k JOIN organizations o ON o.id = k.org_id WHERE o.name = 'dash-csrf'`,
        )
      ).rows[0].n;
    const before = await count();
    const forged = await client.post(
      '/dashboard/keys',
      { product: 'print-mail', kind: 'secret' },
      { csrf: false },
    );
    assert.equal(forged.status, 403);
    assert.match(forged.text, /Form refused/);
    const wrong = await client.post(
      '/dashboard/keys',
      { _csrf: 'x'.repeat(40), product: 'print-mail', kind: 'secret' },
      { csrf: false },
    );
    assert.equal(wrong.status, 403);
    assert.equal(await count(), before, 'no key was made');

    const made = await client.post('/dashboard/keys', { product: 'print-mail', kind: 'secret' });
    assert.equal(made.status, 201);
    assert.match(textOf(made.text, 'new-key') ?? '', /^test_sk_/);
    assert.equal(await count(), before + 1);
  });

  test('the sign-in form needs its token too', async () => {
    const key = await server.key({ org: 'dash-csrf-sign-in' });
    const client = new DashboardClient(server);
    await client.get('/dashboard/sign-in');
    const res = await client.post('/dashboard/sign-in', { credential: key }, { csrf: false });
    assert.equal(res.status, 403);
    assert.equal(sessionCookie(res.setCookies), undefined);
  });
});

describe('sessions end', () => {
  test('signing out ends the session: its cookie opens nothing afterwards', async () => {
    const key = await server.key({ org: 'dash-sign-out' });
    const client = new DashboardClient(server);
    await client.signIn(key);
    const stolen = client.jar.get('postroom_session')!;
    await client.get('/dashboard/orders');
    const out = await client.post('/dashboard/sign-out', {});
    assert.equal(out.status, 303);
    assert.equal(out.location, '/dashboard/sign-in');
    assert.ok(
      out.setCookies.some((c) => c.startsWith('postroom_session=;')),
      'the cookie is cleared',
    );
    const replay = new DashboardClient(server);
    replay.jar.set('postroom_session', stolen);
    const res = await replay.get('/dashboard/orders');
    assert.equal(res.status, 303);
    assert.equal(res.location, '/dashboard/sign-in');
    const rows = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM dashboard_sessions WHERE token_hash = $1',
      [createHash('sha256').update(stolen).digest()],
    );
    assert.equal(rows.rows[0].n, 0);
  });

  test('revoking the key a session was opened with ends the session; so does its expiry', async () => {
    const key = await server.key({ org: 'dash-revoke' });
    const client = new DashboardClient(server);
    await client.signIn(key);
    await client.get('/dashboard/keys');
    const id = await keyId(key);
    const revoked = await client.post(`/dashboard/keys/${id}/revoke`, {});
    assert.equal(revoked.status, 303);
    const after = await client.get('/dashboard/keys');
    assert.equal(after.status, 303);
    assert.equal(after.location, '/dashboard/sign-in');

    const other = new DashboardClient(server);
    await other.signIn(await server.key({ org: 'dash-revoke' }));
    assert.equal((await other.get('/dashboard/orders')).status, 200);
    server.clock.advance(12 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await other.get('/dashboard/orders');
      assert.equal(expired.status, 303);
      assert.equal(expired.location, '/dashboard/sign-in');
    } finally {
      server.clock.advance(-(12 * 60 * 60 * 1000 + 1000));
    }
  });
});

describe('isolation', () => {
  test("a session of one organization never shows or changes another's data", async () => {
    const keyA = await server.key({ org: 'dash-iso-a' });
    const keyB = await server.key({ org: 'dash-iso-b' });
    const contactB = await apiContact(keyB, 'Zebedee');
    const letterB = await apiLetter(keyB, contactB);
    const keyIdB = await keyId(keyB);
    const contactA = await apiContact(keyA, 'Agatha');

    const a = new DashboardClient(server);
    await a.signIn(keyA);
    const contacts = await a.get('/dashboard/contacts');
    assert.match(contacts.text, /Agatha/);
    assert.doesNotMatch(contacts.text, /Zebedee/);
    assert.doesNotMatch((await a.get('/dashboard/contacts?q=zebedee')).text, /Zebedee/);
    const orders = await a.get('/dashboard/orders');
    assert.ok(!orders.text.includes(letterB));
    assert.match(orders.text, /0 orders/);
    for (const path of [
      `/dashboard/contacts/${contactB}`,
      `/dashboard/orders/${letterB}`,
      `/dashboard/orders/${letterB}/pdf`,
    ]) {
      const res = await a.get(path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.text, /Zebedee/);
    }
    assert.equal((await a.post(`/dashboard/orders/${letterB}/cancel`, {})).status, 404);
    assert.equal((await a.post(`/dashboard/keys/${keyIdB}/revoke`, {})).status, 404);
    const still = await server.request('GET', `/print-mail/v1/letters/${letterB}`, { key: keyB });
    assert.equal(still.body.status, 'ready', "B's letter was not cancelled");
    assert.equal(
      (await server.request('GET', '/print-mail/v1/contacts', { key: keyB })).status,
      200,
      "B's key still works",
    );
    assert.equal((await a.get(`/dashboard/contacts/${contactA}`)).status, 200);
  });

  test('the mode switch needs a secret key of that mode and organization; test and live data never mix', async () => {
    const testKey = await server.key({ org: 'dash-mode' });
    const liveKey = await server.key({ org: 'dash-mode', mode: 'live' });
    const otherLive = await server.key({ org: 'dash-mode-other', mode: 'live' });
    const testLetter = await apiLetter(testKey, await apiContact(testKey, 'Testy'));
    const liveContact = await apiContact(liveKey, 'Livia');

    const client = new DashboardClient(server);
    await client.signIn(testKey);
    const page = await client.get('/dashboard/orders');
    assert.match(page.text, /aria-pressed="true" class="mode test"/);
    assert.ok(page.text.includes(testLetter));

    const ask = await client.post('/dashboard/mode', { mode: 'live' });
    assert.equal(ask.status, 200);
    assert.match(ask.text, /enter a live secret key/i);
    assert.match((await client.get('/dashboard/orders')).text, /Test mode/, 'still test without a live key');

    assert.match(
      (await client.post('/dashboard/mode', { mode: 'live', key: otherLive })).text,
      /another organization/,
    );
    assert.match(
      (await client.post('/dashboard/mode', { mode: 'live', key: testKey })).text,
      /not a live key/,
    );
    const switched = await client.post('/dashboard/mode', { mode: 'live', key: liveKey });
    assert.equal(switched.status, 303);
    const live = await client.get('/dashboard/orders');
    assert.match(live.text, /Live mode/);
    assert.ok(!live.text.includes(testLetter), 'test orders are not shown in live mode');
    assert.match((await client.get('/dashboard/contacts')).text, /Livia/);
    assert.doesNotMatch((await client.get('/dashboard/contacts')).text, /Testy/);
    assert.equal((await client.get(`/dashboard/orders/${testLetter}`)).status, 404);

    // Back to test needs no key: the session was opened with one.
    assert.equal((await client.post('/dashboard/mode', { mode: 'test' })).status, 303);
    assert.ok((await client.get('/dashboard/orders')).text.includes(testLetter));
    assert.equal((await client.get(`/dashboard/contacts/${liveContact}`)).status, 404);
  });
});

describe('operator', () => {
  test('the operator token opens a session that picks any organization; customers get no operator pages', async () => {
    const key = await server.key({ org: 'dash-operated' });
    const letter = await apiLetter(key, await apiContact(key, 'Opal'));
    const operator = new DashboardClient(server);
    const res = await operator.signIn(OPERATOR_TOKEN);
    assert.equal(res.status, 303);
    assert.equal(res.location, '/dashboard/organizations');
    const orgs = await operator.get('/dashboard/organizations');
    assert.match(orgs.text, /dash-operated/);
    assert.equal((await operator.get('/dashboard/orders')).location, '/dashboard/organizations');
    const orgId = (
      await server.runtime.db.pool.query(`SELECT id FROM organizations WHERE name = 'dash-operated'`)
    ).rows[0].id;
    assert.equal((await operator.post('/dashboard/organizations', { orgId })).status, 303);
    const orders = await operator.get('/dashboard/orders');
    assert.ok(orders.text.includes(letter));
    assert.match(orders.text, /operator/);
    assert.equal(
      (await operator.post('/dashboard/mode', { mode: 'live' })).status,
      303,
      'operators switch freely',
    );
    assert.match((await operator.get('/dashboard/orders')).text, /Live mode/);
    assert.equal((await operator.get('/dashboard/print-batches')).status, 200);

    const customer = new DashboardClient(server);
    await customer.signIn(key);
    assert.equal((await customer.get('/dashboard/print-batches')).status, 404);
    assert.equal((await customer.get('/dashboard/organizations')).status, 404);
    await customer.get('/dashboard/orders'); // a page's form token, so only the operator check can refuse
    assert.equal((await customer.post('/dashboard/organizations', { orgId })).status, 404);
  });
});

describe('print batches', () => {
  test('an operator downloads a batch PDF and manifest and marks it handed over', async () => {
    const { blobs, pool } = { blobs: server.runtime.deps.blobs, pool: server.runtime.db.pool };
    const id = 'print_batch_dashboardTest000000001';
    const files = {
      pdfKey: `print-batches/${id}.pdf`,
      manifestCsvKey: `print-batches/${id}-manifest.csv`,
      manifestJsonKey: `print-batches/${id}-manifest.json`,
    };
    const pdf = Buffer.from('%PDF-1.4 not really a print file');
    await blobs.put(files.pdfKey, pdf, { contentType: 'application/pdf' });
    await blobs.put(files.manifestCsvKey, Buffer.from('order,pages\n'), { contentType: 'text/csv' });
    await blobs.put(files.manifestJsonKey, Buffer.from('[]'), { contentType: 'application/json' });
    await insertBatch(
      pool,
      orderKind('letter'),
      {
        id,
        orderKind: 'letter',
        size: 'us_letter',
        color: false,
        doubleSided: false,
        mailingClass: 'first_class',
        orderCount: 0,
        pageCount: 0,
        ...files,
        status: 'ready_for_print',
        createdAt: new Date().toISOString(),
        handedOverAt: null,
      },
      [],
    );

    const operator = new DashboardClient(server);
    await operator.signIn(OPERATOR_TOKEN);
    const list = await operator.get('/dashboard/print-batches');
    assert.ok(list.text.includes(id));
    const file = await fetch(`${server.url}/dashboard/print-batches/${id}/pdf`, {
      headers: { cookie: operator.cookieHeader() },
    });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), pdf);
    const manifest = await operator.get(`/dashboard/print-batches/${id}/manifest.csv`);
    assert.equal(manifest.status, 200);
    assert.match(manifest.headers.get('content-disposition') ?? '', /attachment/);
    assert.equal(manifest.text, 'order,pages\n');

    const customer = new DashboardClient(server);
    await customer.signIn(await server.key({ org: 'dash-batches' }));
    assert.equal((await customer.get(`/dashboard/print-batches/${id}/pdf`)).status, 404);

    const handed = await operator.post(`/dashboard/print-batches/${id}/handed-over`, {});
    assert.equal(handed.status, 303);
    const row = await pool.query('SELECT status FROM print_batches WHERE id = $1', [id]);
    assert.equal(row.rows[0].status, 'handed_over');
    const again = await operator.post(`/dashboard/print-batches/${id}/handed-over`, {});
    assert.equal(again.status, 400);
    assert.match(again.text, /already handed over/);
  });
});

describe('addresses', () => {
  test('the contact form suggests whole addresses as the street is typed, from the imported points', async () => {
    const client = new DashboardClient(server);
    await client.signIn(await server.key({ org: 'dash-addresses' }));
    const res = await client.get('/dashboard/contacts/suggestions?addressLine1=1920+newb');
    assert.equal(res.status, 200);
    assert.match(res.text, /^<datalist id="address-suggestions">/);
    assert.match(res.text, /<option value="1920 NEWBURG RD, LOUISVILLE KY 40205">/i);
    const typo = await client.get('/dashboard/contacts/suggestions?addressLine1=1920+nwebur');
    assert.match(typo.text, /<option value="1920 NEWBURG RD, LOUISVILLE KY 40205">/i, 'a swap is forgiven');
    assert.doesNotMatch(
      (await client.get('/dashboard/contacts/suggestions?addressLine1=zz')).text,
      /<option/,
    );
  });

  test('the verify box explains the answer and counts one lookup against the plan', async () => {
    const client = new DashboardClient(server);
    await client.signIn(await server.key({ org: 'dash-verify' }));
    const before = await client.get('/dashboard/verify');
    assert.match(before.text, /0 lookups used/);
    const good = await client.post('/dashboard/verify', { address: '1920 Newburg Rd\nLouisville KY 40205' });
    assert.equal(good.status, 200);
    assert.match(good.text, /class="verdict status-verified">Verified/);
    assert.match(good.text, /1920 NEWBURG RD/i);
    assert.match(good.text, /1 lookups used/);
    const bad = await client.post('/dashboard/verify', { address: '1920 Nowhere Blvd, Louisville KY 40205' });
    assert.match(bad.text, /class="verdict status-(failed|corrected)"/);
    assert.match(bad.text, /<h3>Why<\/h3>/);
    const empty = await client.post('/dashboard/verify', { address: '' });
    assert.equal(empty.status, 400);
    assert.match(empty.text, /address must not be empty/);
  });
});

describe('forms', () => {
  test('a bad order form answers 400 naming the field, keeps what was typed and writes nothing', async () => {
    const key = await server.key({ org: 'dash-forms' });
    const contact = await apiContact(key, 'Formal');
    const client = new DashboardClient(server);
    await client.signIn(key);
    await client.get('/dashboard/orders/new?kind=letter');
    const res = await client.post('/dashboard/orders/new', {
      kind: 'letter',
      to: contact,
      html: '<p>typed text</p>',
    });
    assert.equal(res.status, 400);
    assert.match(textOf(res.text, 'form-problem') ?? '', /from/);
    assert.match(res.text, /&lt;p&gt;typed text&lt;\/p&gt;/, 'the typed markup is kept, escaped');
    const listed = await server.request('GET', '/print-mail/v1/letters', { key });
    assert.equal(listed.body.totalCount, 0);

    const contactForm = await client.post('/dashboard/contacts/new', { firstName: 'No street' });
    assert.equal(contactForm.status, 400);
    assert.match(textOf(contactForm.text, 'form-problem') ?? '', /addressLine1/);
  });

  test('a refused webhook form answers 4xx with the reason, keeps what was typed, lists the others and writes nothing', async () => {
    const key = await server.key({ org: 'dash-webhook-form' });
    const client = new DashboardClient(server);
    await client.signIn(key);
    await client.get('/dashboard/webhooks');
    const made = await client.post('/dashboard/webhooks', {
      url: 'https://hooks.example.com/kept',
      enabledEvents: 'letter.created',
      payloadFormat: 'json',
    });
    assert.equal(made.status, 303, made.text);
    const noEvents = await client.post('/dashboard/webhooks', {
      url: 'https://hooks.example.com/typed',
      description: 'typed description',
    });
    assert.equal(noEvents.status, 400);
    assert.match(textOf(noEvents.text, 'form-problem') ?? '', /enabledEvents/);
    assert.match(noEvents.text, /value="typed description"/, 'the typed description is kept');
    assert.match(noEvents.text, /hooks\.example\.com\/kept/, 'the existing webhook is still listed');
    const badUrl = await client.post('/dashboard/webhooks', {
      url: 'not a url',
      enabledEvents: 'letter.created',
    });
    assert.equal(badUrl.status, 400);
    assert.match(textOf(badUrl.text, 'form-problem') ?? '', /url/);
    const listed = await server.request('GET', '/print-mail/v1/webhooks', { key });
    assert.equal(listed.body.totalCount, 1, 'only the accepted webhook was written');
  });

  test('pages escape what they show: markup in a contact is text', async () => {
    const key = await server.key({ org: 'dash-escape' });
    const id = await apiContact(key, '<img src=x onerror=alert(1)>');
    const client = new DashboardClient(server);
    await client.signIn(key);
    const page = await client.get(`/dashboard/contacts/${id}`);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes('<img src=x'), 'no markup from data');
    assert.ok(page.text.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  });
});

describe('contacts: delete', () => {
  test("a contact is deleted from its page by the API's rule; a second delete and another organization's contact are 404 pages", async () => {
    const key = await server.key({ org: 'dash-delete' });
    const otherKey = await server.key({ org: 'dash-delete-other' });
    const id = await apiContact(key, 'Doomed');
    const others = await apiContact(otherKey, 'Spared');
    const client = new DashboardClient(server);
    await client.signIn(key);
    const page = await client.get(`/dashboard/contacts/${id}`);
    assert.ok(
      page.text.includes(`action="/dashboard/contacts/${id}/delete"`),
      'the page has the delete form',
    );

    const forged = await client.post(`/dashboard/contacts/${id}/delete`, {}, { csrf: false });
    assert.equal(forged.status, 403);
    assert.equal((await server.request('GET', `/print-mail/v1/contacts/${id}`, { key })).status, 200);

    const deleted = await client.post(`/dashboard/contacts/${id}/delete`, {});
    assert.equal(deleted.status, 303);
    assert.equal(deleted.location, '/dashboard/contacts');
    const list = await client.get('/dashboard/contacts');
    assert.match(list.text, new RegExp(`class="notice" role="status">Deleted ${id}\\.`));
    assert.doesNotMatch(list.text, /Doomed/);
    assert.equal((await server.request('GET', `/print-mail/v1/contacts/${id}`, { key })).status, 404);
    assert.equal((await client.get(`/dashboard/contacts/${id}`)).status, 404);

    const again = await client.post(`/dashboard/contacts/${id}/delete`, {});
    assert.equal(again.status, 404);
    assert.match(again.text, /<title>Not found/);
    for (const missing of [others, 'not-a-contact-id']) {
      const res = await client.post(`/dashboard/contacts/${missing}/delete`, {});
      assert.equal(res.status, 404, missing);
    }
    assert.equal(
      (await server.request('GET', `/print-mail/v1/contacts/${others}`, { key: otherKey })).status,
      200,
      "the other organization's contact is still there",
    );
  });
});

describe('orders of every kind', () => {
  test('the default view lists letters and a postcard newest first in one table with their kind; filters and pages apply to all', async () => {
    const key = await server.key({ org: 'dash-all-kinds' });
    const contact = await apiContact(key, 'Kinda');
    const oldest = await apiLetter(key, contact);
    const postcard = await apiPostcard(key, contact, 'kinds postcard');
    const letters: string[] = [];
    for (let i = 0; i < 24; i++) letters.push(await apiLetter(key, contact));
    const client = new DashboardClient(server);
    await client.signIn(key);

    const first = await client.get('/dashboard/orders');
    assert.equal(first.status, 200);
    assert.match(first.text, /aria-current="page">All kinds</);
    assert.match(first.text, /<th scope="col">Kind<\/th>/);
    assert.match(first.text, /26 orders/);
    const rows = listedKinds(first.text);
    assert.equal(rows.length, 25);
    assert.deepEqual(rows[0], { id: letters[23], kind: 'letter' }, 'newest first');
    assert.deepEqual(rows[24], { id: postcard, kind: 'postcard' });
    assert.deepEqual(
      rows.slice(0, 24).map((r) => r.id),
      [...letters].reverse(),
    );
    assert.match(first.text, /href="\/dashboard\/orders\?kind=all&amp;page=2"/);
    const second = await client.get('/dashboard/orders?kind=all&page=2');
    assert.deepEqual(listedKinds(second.text), [{ id: oldest, kind: 'letter' }]);

    const cancel = await server.request('DELETE', `/print-mail/v1/postcards/${postcard}`, { key });
    assert.equal(cancel.status, 200, cancel.text);
    const cancelled = await client.get('/dashboard/orders?kind=all&status=cancelled');
    assert.deepEqual(listedKinds(cancelled.text), [{ id: postcard, kind: 'postcard' }]);
    assert.match(cancelled.text, />1 order</);
    const ready = await client.get('/dashboard/orders?kind=all&status=ready&page=2');
    assert.deepEqual(listedKinds(ready.text), [], 'the 25 ready letters fit on page 1');
    assert.match(ready.text, /25 orders/);

    const searched = await client.get('/dashboard/orders?kind=all&q=KINDS+postcard');
    assert.deepEqual(listedKinds(searched.text), [{ id: postcard, kind: 'postcard' }]);
    const byName = await client.get('/dashboard/orders?kind=all&q=kinda');
    assert.match(byName.text, /26 orders/, 'the contact is on every order');

    const inRange = await client.get(`/dashboard/orders?kind=all&from=${dayFromNow(-1)}&to=${dayFromNow(1)}`);
    assert.match(inRange.text, /26 orders/);
    const future = await client.get(`/dashboard/orders?kind=all&from=${dayFromNow(2)}`);
    assert.match(future.text, /0 orders/);
    assert.match(future.text, /No orders match/);

    // One kind's tab is still one kind, without the Kind column.
    const postcards = await client.get('/dashboard/orders?kind=postcard');
    assert.doesNotMatch(postcards.text, /<th scope="col">Kind<\/th>/);
    assert.ok(postcards.text.includes(postcard));
    assert.ok(!postcards.text.includes(oldest));
  });
});
