import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import jsQRModule from 'jsqr';
import { zoneRgb } from '../engines/render/pdf-helpers.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { fetchPdf, LETTERS, letterBody, pdfText, waitForLetter } from '../helpers/letters.js';

const PATH = '/print-mail/v1/trackers';
// jsqr is CommonJS with a default export in its typings: under NodeNext the default import is
// the module object, whose `default` is the decoder.
const jsQR = jsQRModule.default;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'trackers-org' });
});
after(() => server.close());

const tracker = (extra: Record<string, unknown> = {}) => ({
  redirectURLTemplate: 'https://shop.example.com/offer?name={{to.firstName}}&code={{code}}',
  urlExpireAfterDays: 30,
  ...extra,
});
const create = (json: unknown, k = key) => server.request('POST', PATH, { key: k, json });

/** Visits a short link as a phone would, without following the redirect. */
const visit = (url: string, method = 'GET', userAgent = IPHONE) =>
  fetch(url, { method, redirect: 'manual', headers: { 'user-agent': userAgent } });

/** A letter whose HTML prints the tracker's URL and its QR code, rendered; its PDF. */
async function trackedLetter(trackerId: string, extra: Record<string, unknown> = {}) {
  const res = await server.request('POST', LETTERS, {
    key,
    json: letterBody({
      html: `<p>Hello {{to.firstName}}, visit <span id="u">{{${trackerId}}}</span></p>
        <img src="{{${trackerId}.qrcode}}" style="position:absolute; left:1in; top:5in; width:2in; height:2in">`,
      mergeVariables: { code: 'A B&C' },
      ...extra,
    }),
  });
  assert.equal(res.status, 201, res.text);
  const letter = await waitForLetter(server, key, res.body.id);
  assert.ok(letter.url, `rendered: ${JSON.stringify(letter.cancellation ?? letter.status)}`);
  return { letter, pdf: await fetchPdf(letter.url) };
}

const shortLinkIn = (text: string) => {
  const m = new RegExp(`${server.url}/t/[1-9A-HJ-NP-Za-km-z]+`).exec(text);
  assert.ok(m, `a short link in ${text}`);
  return m[0];
};

resourceContract(() => server, {
  object: 'tracker',
  path: PATH,
  idPrefix: 'tracker',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const res = await s.request('POST', PATH, { key: k, json: tracker() });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('trackers', () => {
  test('create answers the hosted shape with zero counts; update by POST; null removes a field', async () => {
    const res = await create(tracker({ description: 'Spring', metadata: { team: 'growth' } }));
    assert.equal(res.status, 201, res.text);
    const t = res.body;
    assert.match(t.id, /^tracker_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(t.object, 'tracker');
    assert.equal(t.live, false);
    assert.equal(t.urlExpireAfterDays, 30);
    assert.equal(t.visitCount, 0);
    assert.equal(t.uniqueVisitCount, 0);
    assert.equal(t.description, 'Spring');

    const updated = await server.request('POST', `${PATH}/${t.id}`, {
      key,
      json: {
        redirectURLTemplate: 'https://shop.example.com/b/{{to.lastName}}',
        urlExpireAfterDays: 90,
        description: null,
      },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.redirectURLTemplate, 'https://shop.example.com/b/{{to.lastName}}');
    assert.equal(updated.body.urlExpireAfterDays, 90);
    assert.equal(updated.body.description, undefined);
    assert.deepEqual(updated.body.metadata, { team: 'growth' });

    const form = await server.request('POST', PATH, {
      key,
      form: { redirectURLTemplate: 'https://shop.example.com/', urlExpireAfterDays: '365' },
    });
    assert.equal(form.status, 201, form.text);
    assert.equal(form.body.urlExpireAfterDays, 365);
  });

  test('bad input is a 400 naming the field, and nothing is created', async () => {
    const before = (await server.request('GET', PATH, { key })).body.totalCount;
    const cases: Array<[Record<string, unknown>, string]> = [
      [tracker({ urlExpireAfterDays: 45 }), 'urlExpireAfterDays'],
      [tracker({ urlExpireAfterDays: undefined }), 'urlExpireAfterDays'],
      [tracker({ redirectURLTemplate: undefined }), 'redirectURLTemplate'],
      [tracker({ redirectURLTemplate: 'ftp://files.example.com/x' }), 'redirectURLTemplate'],
      [tracker({ redirectURLTemplate: 'javascript:alert(1)' }), 'redirectURLTemplate'],
      [tracker({ redirectURLTemplate: '/relative/path' }), 'redirectURLTemplate'],
      // The host must be written out: a merge variable there would let content pick the target.
      [tracker({ redirectURLTemplate: 'https://{{domain}}/x' }), 'redirectURLTemplate'],
      [tracker({ redirectURLTemplate: '{{url}}' }), 'redirectURLTemplate'],
      [tracker({ redirectURLTemplate: 'https://shop.example.com/{{#if}}' }), 'redirectURLTemplate'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.error.message, new RegExp(field), JSON.stringify(body));
    }
    assert.equal((await server.request('GET', PATH, { key })).body.totalCount, before);
  });

  test("an order's tracker prints its own URL and a QR code of it; a scan records the visit and redirects", async () => {
    const t = (await create(tracker())).body;
    const { letter, pdf } = await trackedLetter(t.id);
    const link = shortLinkIn(await pdfText(pdf, { page: 1 }));

    // The QR code, rasterized from the PDF as a printer would see it, decodes to the same link.
    const pixels = await zoneRgb(
      pdf,
      1,
      { x: 0.75 * 72, y: 4.75 * 72, width: 2.5 * 72, height: 2.5 * 72 },
      3,
    );
    const rgba = new Uint8ClampedArray(pixels.width * pixels.height * 4);
    for (let i = 0, j = 0; i < pixels.data.length; i += 3, j += 4) {
      rgba.set([pixels.data[i], pixels.data[i + 1], pixels.data[i + 2], 255], j);
    }
    const decoded = jsQR(rgba, pixels.width, pixels.height);
    assert.ok(decoded, 'the QR code decodes');
    assert.equal(decoded.data, link);

    // A link checker's HEAD says where it goes without counting a visit.
    const head = await visit(link, 'HEAD');
    assert.equal(head.status, 302);
    assert.equal((await server.request('GET', `${PATH}/${t.id}`, { key })).body.visitCount, 0);

    const res = await visit(link);
    assert.equal(res.status, 302);
    // Merged over the order's own contacts and merge variables, each value percent-encoded.
    assert.equal(res.headers.get('location'), 'https://shop.example.com/offer?name=Alice&code=A%20B%26C');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    await visit(link); // the same visitor again
    await visit(link, 'GET', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36');

    const after = (await server.request('GET', `${PATH}/${t.id}`, { key })).body;
    assert.equal(after.visitCount, 3);
    assert.equal(after.uniqueVisitCount, 1, 'one address, one unique visitor');

    const visits = await server.request('GET', `${PATH}/${t.id}/visits?limit=10`, { key });
    assert.equal(visits.status, 200, visits.text);
    assert.equal(visits.body.totalCount, 3);
    const v = visits.body.data[2];
    assert.match(v.id, /^tracker_visit_/);
    assert.equal(v.object, 'tracker_visit');
    assert.equal(v.tracker, t.id);
    assert.equal(v.orderID, letter.id);
    assert.equal(v.live, false);
    assert.equal(v.device, 'Mobile');
    assert.equal(visits.body.data[0].device, 'Desktop');
    // Never the address itself: a salted hash, the same for the same visitor.
    assert.match(v.ipAddress, /^[0-9a-f]{64}$/);
    assert.equal(new Set(visits.body.data.map((x: any) => x.ipAddress)).size, 1);

    const events = await server.request('GET', '/print-mail/v1/events?type=tracker.visited&limit=10', {
      key,
    });
    const mine = events.body.data.filter((e: any) => e.data.tracker === t.id);
    assert.equal(mine.length, 3);
    assert.equal(mine[0].data.orderID, letter.id);
  });

  test('each order gets its own link; a re-render keeps it; the template is read at each visit', async () => {
    const t = (await create(tracker({ redirectURLTemplate: 'https://shop.example.com/a' }))).body;
    const first = shortLinkIn(await pdfText((await trackedLetter(t.id)).pdf, { page: 1 }));
    const second = shortLinkIn(await pdfText((await trackedLetter(t.id)).pdf, { page: 1 }));
    assert.notEqual(first, second);
    await server.request('POST', `${PATH}/${t.id}`, {
      key,
      json: { redirectURLTemplate: 'https://shop.example.com/b?n={{to.lastName}}', urlExpireAfterDays: 30 },
    });
    assert.equal((await visit(first)).headers.get('location'), 'https://shop.example.com/b?n=Reader');
    const links = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM tracker_links WHERE tracker_id = $1',
      [t.id],
    );
    assert.equal(links.rows[0].n, 2);
  });

  test('a link answers 410 once its order is older than urlExpireAfterDays; unknown codes 404', async () => {
    const t = (await create(tracker({ urlExpireAfterDays: 30 }))).body;
    const link = shortLinkIn(await pdfText((await trackedLetter(t.id)).pdf, { page: 1 }));
    assert.equal((await visit(link)).status, 302);
    server.clock.advance(31 * 24 * 3600 * 1000);
    try {
      const expired = await visit(link);
      assert.equal(expired.status, 410);
      assert.match(await expired.text(), /expired/);
    } finally {
      server.clock.advance(-31 * 24 * 3600 * 1000);
    }
    assert.equal((await server.request('GET', `${PATH}/${t.id}`, { key })).body.visitCount, 1);
    assert.equal((await visit(`${server.url}/t/NoSuchCode1`)).status, 404);
  });

  test('an order naming a tracker the caller does not have is a 400 naming the field', async () => {
    const otherKey = await server.key({ org: 'trackers-other-org' });
    const theirs = (await create(tracker(), otherKey)).body;
    const liveKey = await server.key({ org: 'trackers-org', mode: 'live' });
    const live = (await create(tracker(), liveKey)).body;
    for (const id of [theirs.id, live.id, 'tracker_1111111111111111111111']) {
      const res = await server.request('POST', LETTERS, {
        key,
        json: letterBody({ html: `<p>{{${id}}}</p>`, mergeVariables: {} }),
      });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, new RegExp(`html uses ${id}`));
    }
    // Nor can they read its visits.
    assert.equal((await server.request('GET', `${PATH}/${theirs.id}/visits`, { key })).status, 404);
  });

  test('deleting a tracker retires its links and visits', async () => {
    const t = (await create(tracker())).body;
    const link = shortLinkIn(await pdfText((await trackedLetter(t.id)).pdf, { page: 1 }));
    assert.equal((await visit(link)).status, 302);
    const del = await server.request('DELETE', `${PATH}/${t.id}`, { key });
    assert.equal(del.status, 200, del.text);
    assert.equal((await visit(link)).status, 404);
    const left = await server.runtime.db.pool.query(
      "SELECT count(*)::int AS n FROM tracker_visits WHERE doc ->> 'tracker' = $1",
      [t.id],
    );
    assert.equal(left.rows[0].n, 0);
  });
});
