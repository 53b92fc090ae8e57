import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mailingListMembers } from '../../src/api/print-mail/mailing-lists/mailing-list-members.repo.js';
import { generateQuote } from '../../src/api/print-mail/targeted-list-builds/list-build-quote.js';
import {
  advanceBuild,
  failBuildForGood,
} from '../../src/api/print-mail/targeted-list-builds/list-build-run.js';
import { reference } from '../../src/engines/address/index.js';
import {
  creditBalance,
  grantCredit,
  refundCharge,
} from '../../src/platform/metering/list-build-credits.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const BUILDS = '/print-mail/v1/targeted_list_builds';
const LISTS = '/print-mail/v1/mailing_lists';
const CONTACTS = '/print-mail/v1/contacts';
const FIXTURE = fileURLToPath(new URL('../fixtures/list-build-points.csv', import.meta.url));
const PRICE = 3;

interface FixturePoint {
  number: string;
  street: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
}

/** The fixture read here on its own, so every count below is checked against the file itself. */
const POINTS: FixturePoint[] = readFileSync(FIXTURE, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [number, street, unit, city, state, zip, lat, lon] = line.split(',');
    return { number, street, unit, city, state, zip, lat: Number(lat), lon: Number(lon) };
  });

/** Great-circle miles, written out again here rather than taken from the code under test. */
function miles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.sqrt(h));
}

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({ listBuildCreditCents: PRICE });
  await importPoints(server.runtime.db.pool, FIXTURE);
  key = await server.key({ org: 'list-builds' });
  // The CLI (postroom orgs credit) runs in this process against this server's schema.
  cliOnServer(server);
});
after(() => server.close());

const post = (path: string, json: unknown, k = key) => server.request('POST', path, { key: k, json });

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const getBuild = async (id: string, k = key) =>
  (await server.request('GET', `${BUILDS}/${id}`, { key: k })).body;
const quoted = (id: string, k = key) =>
  until(
    'quote',
    () => getBuild(id, k),
    (b) => b.status !== 'generating_quote',
  );
const built = (id: string, k = key) =>
  until(
    'build',
    () => getBuild(id, k),
    (b) => b.status === 'completed' || b.status === 'failed',
  );

/** Creates a build and waits for its quote; the build as it is then. */
async function quote(json: Record<string, unknown>, k = key) {
  const res = await post(BUILDS, json, k);
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.status, 'generating_quote');
  const done = await quoted(res.body.id, k);
  assert.equal(done.status, 'quote_ready', JSON.stringify(done));
  return done;
}

/** The contacts of a built list, read over HTTP (members from the members table). */
async function listContacts(s: TestServer, k: string, listId: string, live = false) {
  const org = (await s.runtime.db.pool.query('SELECT org_id FROM mailing_lists WHERE id = $1', [listId]))
    .rows[0];
  const ids = await mailingListMembers(s.runtime.db.pool, { orgId: org.org_id, live }, listId, null, 10_000);
  return Promise.all(ids.map(async (id) => (await s.request('GET', `${CONTACTS}/${id}`, { key: k })).body));
}

const line1 = (p: FixturePoint) => `${p.number} ${p.street}`;

resourceContract(() => server, {
  object: 'targeted_list_build',
  path: BUILDS,
  idPrefix: 'targeted_list_build',
  product: 'print-mail',
  deletion: 'removes',
  create: async (s, k) => {
    const res = await s.request('POST', BUILDS, { key: k, json: { usConsumers: { zipCodes: ['40205'] } } });
    assert.equal(res.status, 201, res.text);
    return quoted(res.body.id, k);
  },
});

describe('targeted list builds: quotes', () => {
  test('by ZIP: the count of the fixture’s points there, priced per contact, with masked previews', async () => {
    const zips = ['40205', '40218'];
    const build = await quote({
      usConsumers: { zipCodes: zips },
      description: 'two zips',
      metadata: { q: '1' },
    });
    const expected = POINTS.filter((p) => zips.includes(p.zip)).length;
    assert.equal(expected, 16);
    assert.equal(build.quote.count, expected);
    assert.equal(build.quote.pricePerContactCents, PRICE);
    assert.ok(!Number.isNaN(Date.parse(build.quote.generatedAt)));
    assert.deepEqual(
      [build.object, build.live, build.description, build.metadata],
      ['targeted_list_build', false, 'two zips', { q: '1' }],
    );
    assert.match(build.organization, /^org_/);
    assert.equal(build.previewRecords.length, 5);
    for (const preview of build.previewRecords) {
      assert.equal(preview.name, 'Current Resident');
      assert.match(
        preview.formattedAddress,
        /^\d\** [A-Z]\**( [A-Z]\**)*(, [A-Z]\** \d)?, LOUISVILLE, KY, 402(05|18)$/,
      );
    }
    assert.equal(build.mailingList, undefined);
  });

  test('by city: the fixture’s points with that city and state', async () => {
    const louisville = await quote({ usConsumers: { cityStates: ['Louisville, KY'] } });
    assert.equal(
      louisville.quote.count,
      POINTS.filter((p) => p.city === 'Louisville' && p.state === 'KY').length,
    );
    const both = await quote({
      usConsumers: { cityStates: ['jeffersontown, kentucky', 'San Francisco, CA'] },
    });
    assert.equal(
      both.quote.count,
      POINTS.filter((p) => p.city === 'Jeffersontown' || p.city === 'San Francisco').length,
    );
    assert.equal(both.quote.count, 7);
  });

  test('by radius: points within the miles of the ZIP’s centroid, across ZIP lines', async () => {
    const centre = reference.zip('40205');
    assert.ok(centre);
    const inside = POINTS.filter((p) => miles(centre, p) <= 3);
    // The circle takes part of 40218 and none of 40202: it is cut by distance, not by ZIP.
    assert.deepEqual([...new Set(inside.map((p) => p.zip))].sort(), ['40204', '40205', '40218']);
    assert.ok(POINTS.some((p) => p.zip === '40218' && miles(centre, p) > 3));
    const build = await quote({ usConsumers: { zipCodesAround: { zipCode: '40205', radiusInMiles: 3 } } });
    assert.equal(build.quote.count, inside.length);
    assert.equal(build.quote.count, 19);
  });

  test('an area without imported points is a quote of 0, not an error; confirming it builds an empty list', async () => {
    const none = await quote({ usConsumers: { zipCodes: ['10001'] } });
    assert.deepEqual([none.quote.count, none.previewRecords], [0, []]);
    const far = await quote({ usConsumers: { zipCodesAround: { zipCode: '40299', radiusInMiles: 0.1 } } });
    assert.equal(far.quote.count, 0);
    const unknown = await quote({ usCompanies: { postalCodes: ['00000'] } });
    assert.equal(unknown.quote.count, 0);
    const confirmed = await post(`${BUILDS}/${none.id}/confirm`, {});
    assert.equal(confirmed.status, 200, confirmed.text);
    const done = await built(none.id);
    assert.equal(done.status, 'completed');
    const list = (await server.request('GET', `${LISTS}/${done.mailingList}`, { key })).body;
    assert.deepEqual([list.status, list.contactCount], ['completed', 0]);
  });

  test('limit caps the count; changing the limit or the filters makes a new quote', async () => {
    const build = await quote({ usConsumers: { zipCodes: ['40205'] }, limit: 4 });
    assert.equal(build.quote.count, 4);
    const unlimited = await post(`${BUILDS}/${build.id}`, { limit: null });
    assert.equal(unlimited.status, 200, unlimited.text);
    assert.deepEqual(
      [unlimited.body.status, unlimited.body.quote, unlimited.body.limit],
      ['generating_quote', undefined, undefined],
    );
    assert.equal((await quoted(build.id)).quote.count, 10);
    const moved = await post(`${BUILDS}/${build.id}`, { usConsumers: { cityStates: ['Jeffersontown, KY'] } });
    assert.equal(moved.body.status, 'generating_quote');
    const requoted = await quoted(build.id);
    assert.deepEqual(requoted.usConsumers, { cityStates: ['Jeffersontown, KY'] });
    assert.equal(requoted.quote.count, 5);
    const renamed = await post(`${BUILDS}/${build.id}`, { description: 'renamed' });
    assert.deepEqual([renamed.body.status, renamed.body.quote.count], ['quote_ready', 5]);
  });

  test('filters the address points cannot answer are a 400 naming them; nothing is created', async () => {
    const before = (await server.request('GET', `${BUILDS}?limit=1`, { key })).body.totalCount;
    const cases: Array<[unknown, RegExp]> = [
      [
        { usConsumers: { zipCodes: ['40205'], incomeRange: [0, 50000] } },
        /^usConsumers\.incomeRange is not supported/,
      ],
      [
        { usCompanies: { postalCodes: ['40202'], industries: ['software'] } },
        /^usCompanies\.industries is not supported/,
      ],
      [
        { usConsumers: { zipCodes: ['40205'], cityStates: ['Louisville, KY'] } },
        /^usConsumers\.cityStates cannot be combined/,
      ],
      [{ usConsumers: {} }, /^usConsumers needs one of zipCodes, cityStates, zipCodesAround/],
      [{ description: 'no filters' }, /^usConsumers or usCompanies is required/],
      [{ usConsumers: { cityStates: ['Louisville'] } }, /^usConsumers\.cityStates\[0\]/],
      [{ usConsumers: { zipCodes: ['4020'] } }, /zipCodes/],
      [{ usConsumers: { zipCodesAround: { zipCode: '40205', radiusInMiles: 500 } } }, /radiusInMiles/],
      [{ usConsumers: { zipCodes: ['40205'] }, limit: 0 }, /limit/],
    ];
    for (const [json, message] of cases) {
      const res = await post(BUILDS, json);
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
    }
    assert.equal((await server.request('GET', `${BUILDS}?limit=1`, { key })).body.totalCount, before);
    const emptyExtras = await post(BUILDS, {
      usConsumers: { zipCodes: ['40205'], ageRange: [], occupations: [] },
    });
    assert.equal(emptyExtras.status, 201, emptyExtras.text);
    const autocomplete = await post(`${BUILDS}/filters/autocomplete`, { field: 'industry', text: 'soft' });
    assert.deepEqual([autocomplete.status, autocomplete.body], [200, { object: 'list', data: [] }]);
  });

  test('form bodies with bracket keys work as JSON does; the routes are in /openapi.json', async () => {
    const form = await server.request('POST', BUILDS, {
      key,
      form: { 'usConsumers[zipCodes][]': '40204', limit: '2', 'metadata[via]': 'form' },
    });
    assert.equal(form.status, 201, form.text);
    assert.deepEqual([form.body.usConsumers, form.body.limit], [{ zipCodes: ['40204'] }, 2]);
    assert.equal((await quoted(form.body.id)).quote.count, 2);
    const paths = Object.keys((await server.request('GET', '/openapi.json')).body.paths);
    for (const path of [BUILDS, `${BUILDS}/{id}`, `${BUILDS}/{id}/confirm`, `${BUILDS}/filters/autocomplete`])
      assert.ok(paths.includes(path), path);
  });
});

describe('targeted list builds: confirm and build', () => {
  test('test mode: confirm builds a mailing list of Current Resident contacts, one per point, free', async () => {
    const build = await quote({ usConsumers: { cityStates: ['Louisville, KY'] }, description: 'Louisville' });
    const confirmed = await post(`${BUILDS}/${build.id}/confirm`, {});
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.deepEqual([confirmed.body.status, confirmed.body.buildProgressPercent], ['creating_list', 0]);
    assert.ok(confirmed.body.confirmedAt);
    const done = await built(build.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.buildProgressPercent, 100);
    assert.ok(done.completedAt);
    assert.match(done.mailingList, /^mailing_list_/);
    const list = (await server.request('GET', `${LISTS}/${done.mailingList}`, { key })).body;
    assert.deepEqual(
      [list.status, list.contactCount, list.description],
      ['completed', build.quote.count, 'Louisville'],
    );
    assert.deepEqual(list.metadata, { targetedListBuild: build.id });
    const contacts = await listContacts(server, key, done.mailingList);
    const expected = POINTS.filter((p) => p.city === 'Louisville' && p.state === 'KY');
    assert.equal(contacts.length, expected.length);
    for (const c of contacts) {
      assert.equal(c.firstName, 'Current Resident');
      assert.deepEqual([c.lastName, c.companyName], [undefined, undefined]);
      assert.deepEqual(
        [c.city, c.provinceOrState, c.countryCode, c.addressStatus],
        ['LOUISVILLE', 'KY', 'US', 'verified'],
      );
    }
    const addresses = (rows: Array<{ line1: string; line2?: string; zip: string }>) =>
      rows.map((r) => `${r.line1}|${r.line2 ?? ''}|${r.zip}`).sort();
    assert.deepEqual(
      addresses(contacts.map((c) => ({ line1: c.addressLine1, line2: c.addressLine2, zip: c.postalOrZip }))),
      addresses(expected.map((p) => ({ line1: line1(p), line2: p.unit || undefined, zip: p.zip }))),
    );
    // Confirmed: no second confirm, no change, no delete.
    for (const [method, path, json] of [
      ['POST', `${BUILDS}/${build.id}/confirm`, {}],
      ['POST', `${BUILDS}/${build.id}`, { description: 'late' }],
      ['DELETE', `${BUILDS}/${build.id}`, undefined],
    ] as const) {
      const res = await server.request(method, path, { key, json });
      assert.equal(res.status, 422, `${method} ${path}`);
      assert.equal(res.body.error.type, 'targeted_list_build_status_error');
    }
  });

  test('companies: every point of the postal codes, addressed to Current Occupant as a company', async () => {
    const build = await quote({ usCompanies: { postalCodes: ['40202'] } });
    assert.equal(build.quote.count, POINTS.filter((p) => p.zip === '40202').length);
    assert.equal(build.previewRecords[0].name, 'Current Occupant');
    assert.equal((await post(`${BUILDS}/${build.id}/confirm`, {})).status, 200);
    const done = await built(build.id);
    const contacts = await listContacts(server, key, done.mailingList);
    assert.equal(contacts.length, 3);
    for (const c of contacts) assert.deepEqual([c.companyName, c.firstName], ['Current Occupant', undefined]);
    assert.deepEqual(contacts.map((c) => c.addressLine2 ?? '').sort(), ['', 'STE 100', 'STE 200']);
  });

  test('live mode: credit is charged at confirm (402 without enough, nothing made), granted with the CLI', async () => {
    const liveKey = await server.key({ org: 'list-builds-live', mode: 'live' });
    const build = await quote({ usConsumers: { zipCodes: ['40205'] } }, liveKey);
    const cost = build.quote.count * PRICE;
    assert.equal(cost, 30);
    const listsBefore = (await server.request('GET', `${LISTS}?limit=1`, { key: liveKey })).body.totalCount;
    const poor = await post(`${BUILDS}/${build.id}/confirm`, {}, liveKey);
    assert.equal(poor.status, 402, poor.text);
    assert.equal(poor.body.error.type, 'insufficient_credits_error');
    assert.match(poor.body.error.message, /30 cents .* has 0/);
    const granted = await postroomHere('orgs', 'credit', '--org', 'list-builds-live', '--cents', '25');
    assert.equal(granted.code, 0, granted.err);
    assert.deepEqual(JSON.parse(granted.out), {
      org: 'list-builds-live',
      mode: 'live',
      listBuildCreditCents: 25,
    });
    assert.equal((await post(`${BUILDS}/${build.id}/confirm`, {}, liveKey)).status, 402);
    assert.equal((await getBuild(build.id, liveKey)).status, 'quote_ready');
    assert.equal(
      (await server.request('GET', `${LISTS}?limit=1`, { key: liveKey })).body.totalCount,
      listsBefore,
    );
    assert.equal(
      (await postroomHere('orgs', 'credit', '--org', 'list-builds-live', '--cents', '10')).code,
      0,
    );
    const confirmed = await post(`${BUILDS}/${build.id}/confirm`, {}, liveKey);
    assert.equal(confirmed.status, 200, confirmed.text);
    const shown = await postroomHere('orgs', 'credit', '--org', 'list-builds-live');
    assert.equal(JSON.parse(shown.out).listBuildCreditCents, 5);
    const test = await postroomHere('orgs', 'credit', '--org', 'list-builds-live', '--mode', 'test');
    assert.equal(JSON.parse(test.out).listBuildCreditCents, 0);
    const done = await built(build.id, liveKey);
    assert.equal(done.status, 'completed');
    const contacts = await listContacts(server, liveKey, done.mailingList, true);
    assert.equal(contacts.length, 10);
    for (const c of contacts) {
      assert.equal(c.live, true);
      assert.equal(c.firstName, 'Current Resident');
      assert.ok(['verified', 'corrected'].includes(c.addressStatus), JSON.stringify(c));
    }
    const unknownOrg = await postroomHere('orgs', 'credit', '--org', 'no-such-org', '--cents', '5');
    assert.equal(unknownOrg.code, 1);
  });

  test('test mode is never charged: an organization without credit confirms', async () => {
    const k = await server.key({ org: 'list-builds-broke' });
    const build = await quote({ usConsumers: { zipCodes: ['40204'] } }, k);
    assert.ok(build.quote.count * PRICE > 0);
    assert.equal((await post(`${BUILDS}/${build.id}/confirm`, {}, k)).status, 200);
    assert.equal((await built(build.id, k)).status, 'completed');
  });
});

describe('targeted list builds: durable jobs', () => {
  test('progress goes page by page; a page done again adds nothing; a restart finishes nothing twice', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      await importPoints(s.runtime.db.pool, FIXTURE);
      const k = await s.key({ org: 'list-builds-jobs' });
      const send = (path: string, json: unknown) => s.request('POST', path, { key: k, json });
      const created = (await send(BUILDS, { usConsumers: { zipCodes: ['40205', '40204', '40218'] } })).body;
      const early = await send(`${BUILDS}/${created.id}/confirm`, {});
      assert.equal(early.status, 422, 'no quote yet');
      const pool = s.runtime.db.pool;
      const row = (
        await pool.query('SELECT org_id, quote_token FROM targeted_list_builds WHERE id = $1', [created.id])
      ).rows[0];
      const data = { id: created.id, orgId: row.org_id, live: false };
      await generateQuote({ pool, clock: s.clock, pricePerContactCents: 0 }, { ...data, token: 'stale' });
      assert.equal(
        (await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body.status,
        'generating_quote',
      );
      await generateQuote(
        { pool, clock: s.clock, pricePerContactCents: 0 },
        { ...data, token: row.quote_token },
      );
      assert.equal((await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body.quote.count, 22);
      assert.equal((await send(`${BUILDS}/${created.id}/confirm`, {})).status, 200);

      const deps = { pool, clock: s.clock, addressing: s.runtime.deps.addressing };
      const progress: number[] = [];
      const step = async () => {
        const outcome = await advanceBuild(deps, data, { pageSize: 5, maxPages: 1 });
        progress.push(
          (await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body.buildProgressPercent,
        );
        return outcome;
      };
      assert.equal(await step(), 'more');
      assert.equal(await step(), 'more');
      assert.deepEqual(progress, [22, 45]);
      // As if the run were retried from the start: the pages done already add no one again.
      await pool.query('UPDATE targeted_list_builds SET built_through = 0 WHERE id = $1', [created.id]);
      while ((await step()) === 'more');
      assert.deepEqual(progress, [22, 45, 22, 45, 68, 90, 100]);
      const done = (await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body;
      assert.equal(done.status, 'completed');
      // The runtime's pool, read each time: a restart replaces it.
      const count = async (sql: string) => (await s.runtime.db.pool.query(sql, [row.org_id])).rows[0].n;
      assert.equal(await count('SELECT count(*)::int AS n FROM contacts WHERE org_id = $1'), 22);
      const list = (await s.request('GET', `${LISTS}/${done.mailingList}`, { key: k })).body;
      assert.equal(list.contactCount, 22);
      assert.equal(
        (
          await pool.query('SELECT count(*)::int AS n FROM mailing_list_members WHERE list_id = $1', [
            done.mailingList,
          ])
        ).rows[0].n,
        22,
      );
      const contactsList = (await s.request('GET', `${CONTACTS}?limit=1`, { key: k })).body;
      assert.equal(contactsList.totalCount, 22, 'contacts counted once each');
      assert.equal(
        (
          await pool.query('SELECT count(*)::int AS n FROM targeted_list_build_points WHERE build_id = $1', [
            created.id,
          ])
        ).rows[0].n,
        0,
        'the snapshot is emptied',
      );
      // The build job queued at confirm runs after a restart and finds nothing left to do.
      await s.restart({ workers: true });
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual((await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body, done);
      assert.equal(await count('SELECT count(*)::int AS n FROM contacts WHERE org_id = $1'), 22);

      // A second build of an overlapping area reuses the contacts the first one made.
      const second = (await send(BUILDS, { usConsumers: { zipCodes: ['40205', '40299'] } })).body;
      const ready = await until(
        'quote',
        async () => (await s.request('GET', `${BUILDS}/${second.id}`, { key: k })).body,
        (b) => b.status === 'quote_ready',
      );
      assert.equal(ready.quote.count, 15);
      assert.equal((await send(`${BUILDS}/${second.id}/confirm`, {})).status, 200);
      const secondDone = await until(
        'build',
        async () => (await s.request('GET', `${BUILDS}/${second.id}`, { key: k })).body,
        (b) => b.status === 'completed',
      );
      assert.equal(
        (await s.request('GET', `${LISTS}/${secondDone.mailingList}`, { key: k })).body.contactCount,
        15,
      );
      assert.equal(await count('SELECT count(*)::int AS n FROM contacts WHERE org_id = $1'), 27);
    } finally {
      await s.close();
    }
  });

  test('a live build whose list is deleted meanwhile fails, says why and is refunded once', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      await importPoints(s.runtime.db.pool, FIXTURE);
      const k = await s.key({ org: 'list-builds-deleted', mode: 'live' });
      const created = (
        await s.request('POST', BUILDS, { key: k, json: { usConsumers: { zipCodes: ['40205'] } } })
      ).body;
      const pool = s.runtime.db.pool;
      const row = (
        await pool.query('SELECT org_id, quote_token FROM targeted_list_builds WHERE id = $1', [created.id])
      ).rows[0];
      const data = { id: created.id, orgId: row.org_id, live: true };
      await generateQuote(
        { pool, clock: s.clock, pricePerContactCents: 2 },
        { ...data, token: row.quote_token },
      );
      const scope = { orgId: row.org_id, live: true };
      await grantCredit(pool, scope, 50);
      const confirmed = await s.request('POST', `${BUILDS}/${created.id}/confirm`, { key: k, json: {} });
      const listId = (
        await pool.query('SELECT mailing_list_id FROM targeted_list_builds WHERE id = $1', [created.id])
      ).rows[0].mailing_list_id;
      assert.equal(confirmed.body.mailingList, undefined, 'shown only once completed');
      assert.equal(await creditBalance(pool, scope), 30, '10 points at 2 cents');
      const list = (await s.request('GET', `${LISTS}/${listId}`, { key: k })).body;
      assert.equal(list.status, 'creating_contacts');
      const job = await s.request('POST', `${LISTS}/${listId}/jobs`, {
        key: k,
        json: { addContacts: ['contact_1111111111111111111111'] },
      });
      assert.deepEqual([job.status, job.body.error.type], [422, 'mailing_list_status_error']);
      assert.equal((await s.request('DELETE', `${LISTS}/${listId}`, { key: k })).status, 200);
      assert.equal(
        await advanceBuild({ pool, clock: s.clock, addressing: s.runtime.deps.addressing }, data),
        'done',
      );
      const failed = (await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body;
      assert.equal(failed.status, 'failed');
      assert.equal(failed.errors[0].type, 'internal_service_error');
      assert.match(failed.errors[0].message, /was deleted before the build finished/);
      assert.equal(await creditBalance(pool, scope), 50);
      await refundCharge(pool, scope, created.id);
      await failBuildForGood({ pool, clock: s.clock, addressing: s.runtime.deps.addressing }, data);
      assert.equal(await creditBalance(pool, scope), 50, 'refunded once');
      assert.equal(
        (await s.request('GET', `${BUILDS}/${created.id}`, { key: k })).body.updatedAt,
        failed.updatedAt,
      );
    } finally {
      await s.close();
    }
  });
});
