import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { StoredList } from '../../src/api/addver-lists/addver-list.schema.js';
import { partKey } from '../../src/api/addver-lists/list-jobs.js';
import { advanceList, failList, type ListRunDeps } from '../../src/api/addver-lists/list-run.js';
import { getDoc } from '../../src/db/resources.repo.js';
import type { Scope } from '../../src/db/scope.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { PgIntlPoints } from '../../src/reference-store/pg-intl-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

// No job workers: each test moves its lists on by hand, a slice at a time, as the job would.
let server: TestServer;
let key: string;
let deps: ListRunDeps;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'lists-run', product: 'addver' });
  const { pool } = server.runtime.db;
  await importPoints(pool, writeFixture('lists-run-louisville.csv', LOUISVILLE_CSV));
  const app = server.runtime.deps;
  deps = {
    pool,
    clock: server.clock,
    blobs: app.blobs,
    verifier: app.verifier,
    intlPoints: new PgIntlPoints(pool),
  };
});
after(() => server.close());

const STREETS = [
  '1920 Newburg Rd',
  '1920 Newbrug Road',
  '1922 Newburg Rd',
  '',
  '533 E Liberty St',
  '4110 Caven Ct',
];
const ZIPS = ['40205', '40205', '40205', '40205', '40202', '40229'];
const CSV = `Street,City,State,Zip\n${STREETS.map((s, i) => `${s},Louisville,KY,${ZIPS[i]}`).join('\n')}\n`;

async function uploadList(): Promise<{ id: string; scope: Scope }> {
  const form = new FormData();
  form.append('name', 'by hand');
  for (const [field, column] of Object.entries({
    line1: 'Street',
    city: 'City',
    provinceOrState: 'State',
    postalOrZip: 'Zip',
  }))
    form.append(`mappings[${field}]`, column);
  form.append('file', new Blob([new Uint8Array(Buffer.from(CSV))], { type: 'text/csv' }), 'a.csv');
  const res = await server.request('POST', '/v1/addver_lists', { key, multipart: form });
  assert.equal(res.status, 201, res.text);
  const { organization } = res.body.data;
  return { id: res.body.data.id, scope: { orgId: organization, live: false } };
}

const stored = async (scope: Scope, id: string): Promise<StoredList> =>
  JSON.parse((await getDoc(server.runtime.db.pool, 'addver_lists', scope, id)) as string);

const answered = async (id: string) =>
  (await server.request('GET', `/v1/addver_lists/${id}`, { key })).body.data;

const used = async () => (await server.request('GET', '/v1/addver', { key })).body.data.used;

async function resultOf(id: string): Promise<string[][]> {
  const list = await answered(id);
  assert.equal(list.status, 'processed', JSON.stringify(list));
  return parse(await (await fetch(list.result)).text());
}

describe('a list verified a slice at a time', () => {
  test('each slice commits its part; a stale part left by a crash is written over; the result is the one-go result', async () => {
    const whole = await uploadList();
    assert.equal(await advanceList(deps, whole.scope, whole.id), 'done');
    const expected = await resultOf(whole.id);
    assert.equal(expected.length, 1 + STREETS.length);

    const sliced = await uploadList();
    assert.equal(await advanceList(deps, sliced.scope, sliced.id, { batchRows: 2, maxBatches: 1 }), 'more');
    const midway = await answered(sliced.id);
    assert.equal(midway.status, 'processing');
    assert.equal(midway.result, undefined);
    assert.deepEqual(midway.metadata.statusCount, { verified: 1, corrected: 1, failed: 0 });
    const progress = (await stored(sliced.scope, sliced.id)).progress;
    assert.equal(progress.rows, 2);
    assert.equal(progress.parts, 1);
    // A run that wrote part 1 and died before committing it: the next run writes it again.
    await deps.blobs.put(partKey({ id: sliced.id, live: false }, 1), Buffer.from('stale,row\r\n'));
    assert.equal(await advanceList(deps, sliced.scope, sliced.id, { batchRows: 2 }), 'done');
    assert.deepEqual(await resultOf(sliced.id), expected);
    assert.equal(
      await deps.blobs.exists(partKey({ id: sliced.id, live: false }, 0)),
      false,
      'parts are removed',
    );
  });

  test('parts left behind by a run that ended the list and died are removed by the next run', async () => {
    const list = await uploadList();
    assert.equal(await advanceList(deps, list.scope, list.id), 'done');
    const left = partKey({ id: list.id, live: false }, 0);
    await deps.blobs.put(left, Buffer.from('left,behind\r\n'));
    assert.equal(await advanceList(deps, list.scope, list.id), 'done');
    assert.equal(await deps.blobs.exists(left), false);
    assert.equal((await answered(list.id)).status, 'processed');
  });

  test('two runs at once leave every row written once, in file order', async () => {
    const list = await uploadList();
    const runs = await Promise.all(
      [1, 2].map(() => advanceList(deps, list.scope, list.id, { batchRows: 2, maxBatches: 1 })),
    );
    assert.ok(runs.includes('more'));
    const after = (await stored(list.scope, list.id)).progress;
    assert.equal(after.rows, 2);
    assert.equal(after.parts, 1);
    while ((await advanceList(deps, list.scope, list.id, { batchRows: 2, maxBatches: 1 })) === 'more');
    const rows = await resultOf(list.id);
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      STREETS,
    );
  });

  test('a list that fails gives back every lookup it was charged, and keeps no parts', async () => {
    const before = await used();
    const list = await uploadList();
    assert.equal(await used(), before + STREETS.length);
    await advanceList(deps, list.scope, list.id, { batchRows: 2, maxBatches: 1 });
    await failList(
      deps,
      list.scope,
      list.id,
      'The list could not be verified after several attempts; upload it again.',
    );
    const failed = await answered(list.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.cost, 0);
    assert.match(failed.failureMessage, /several attempts/);
    assert.equal(await used(), before);
    assert.equal(await deps.blobs.exists(partKey({ id: list.id, live: false }, 0)), false);
    // Failed is final: a later run changes nothing.
    assert.equal(await advanceList(deps, list.scope, list.id), 'done');
    assert.equal((await answered(list.id)).status, 'failed');
  });

  test('a list finished in the month after its upload gives back into the upload month', async () => {
    const before = await used();
    const list = await uploadList(); // one row of six has no street: its lookup comes back
    const days40 = 40 * 24 * 3600 * 1000;
    server.clock.advance(days40);
    try {
      const later = await used();
      assert.equal(await advanceList(deps, list.scope, list.id), 'done');
      assert.equal((await answered(list.id)).cost, STREETS.length - 1);
      assert.equal(await used(), later, "the later month's count is not touched");
    } finally {
      server.clock.advance(-days40);
    }
    assert.equal(await used(), before + STREETS.length - 1);
  });

  test('a list whose uploaded file is gone fails, saying so', async () => {
    const list = await uploadList();
    await deps.blobs.delete((await stored(list.scope, list.id)).fileKey);
    assert.equal(await advanceList(deps, list.scope, list.id), 'done');
    const failed = await answered(list.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.failureMessage, /no longer in the blob store/);
  });
});
