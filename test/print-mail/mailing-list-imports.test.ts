import assert from 'node:assert/strict';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { advanceImport } from '../../src/api/print-mail/mailing-list-imports/import-run.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { serveFiles } from '../helpers/letters.js';
import {
  createImport,
  csvOf,
  generatedRows,
  HEADER,
  IMPORTS,
  importDone,
  importForm,
  MAPPING,
  waitFor,
} from '../helpers/mailing-list-imports.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

const CONTACTS = '/print-mail/v1/contacts';
let server: TestServer;
let key: string;
let live: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'imports-org' });
  live = await server.key({ org: 'imports-org', mode: 'live' });
  // Reference points of our own (verify-fixture.ts), so live rows verify deterministically.
  await importPoints(server.runtime.db.pool, writeFixture('imports-louisville.csv', LOUISVILLE_CSV));
});
after(() => server.close());

const contactsMatching = async (k: string, search: Record<string, unknown>) =>
  (
    await server.request(
      'GET',
      `${CONTACTS}?limit=100&search=${encodeURIComponent(JSON.stringify(search))}`,
      { key: k },
    )
  ).body;

/** Signed links are signed afresh on each read: wait for a new second so two reads sign alike. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));

resourceContract(() => server, {
  object: 'mailing_list_import',
  path: IMPORTS,
  idPrefix: 'mailing_list_import',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const created = await createImport(s, k, csvOf(generatedRows(2, 'contract')));
    await importDone(s, k, created.id);
    await nextSecond();
    return (await s.request('GET', `${IMPORTS}/${created.id}`, { key: k })).body;
  },
});

describe('mailing list imports: a good file', () => {
  test('rows are verified as live contacts are; counts, notes, report and contacts are right', async () => {
    const rows = [
      ['Kim', 'Lee', '1920 Newburg Rd', 'Louisville', 'KY', '40205', 'US', '', 'A1'], // verified
      ['Ann', 'Roe', '1920 Newbrug Road', 'louisville', 'KY', '40205', 'United States', '', 'A2'], // corrected
      ['Bo', 'Ng', '1922 Newburg Rd', 'Louisville', 'KY', '40205', 'US', '', 'A3'], // failed
      ['Cy', 'Oz', '', 'Louisville', 'KY', '40205', 'US', '', 'A4'], // no address: invalid
      ['', '', '2221 Wadsworth Ave', 'Louisville', 'KY', '40205', 'US', '', 'A5'], // no name: invalid
      ['Di', 'Po', '4110 Caven Ct', 'Louisville', 'KY', '40229', 'Narnia', '', 'A6'], // bad country: invalid
      ['Kim', 'Lee', '1920 Newburg Rd', 'Louisville', 'KY', '40205', 'US', '', 'A1'], // same as row 2
      ['Eve', 'Sun', '533 E Liberty St', 'Louisville', 'KY', '40202', 'US', 'VIP', 'A7'], // verified
    ];
    const created = await createImport(server, live, csvOf(rows), {
      receiverMergeVariableMapping: { offerCode: 'Offer' },
      description: 'spring list',
      metadata: { team: 'growth' },
    });
    assert.equal(created.object, 'mailing_list_import');
    assert.equal(created.status, 'validating');
    assert.equal(created.live, true);
    assert.equal(created.totalRowCount, 8);
    assert.deepEqual(created.file.receiverAddressMapping, MAPPING);
    assert.deepEqual(created.file.receiverMergeVariableMapping, { offerCode: 'Offer' });
    assert.match(created.file.url, /^http:\/\/127\.0\.0\.1:\d+\/files\/mailing-list-imports\/live\//);

    const done = await importDone(server, live, created.id);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.processedRowCount, 8);
    assert.equal(done.validRowCount, 5);
    assert.equal(done.invalidRowCount, 3);
    assert.deepEqual(done.receiverStatusCount, { verifiedCount: 3, correctedCount: 1, failedCount: 1 });
    assert.deepEqual(done.errors, []);
    assert.deepEqual(
      done.notes.map((n: { type: string }) => n.type),
      ['skipped_invalid_contacts'],
    );
    assert.equal(done.organization, created.organization);

    const report = parse(await (await fetch(done.reportURL)).text(), { columns: true });
    assert.deepEqual(report, [
      {
        row: '4',
        field: 'address',
        message:
          'address failed verification (line1: Incorrect Value: Civic number); imported with addressStatus failed.',
      },
      { row: '5', field: 'addressLine1', message: 'addressLine1 is required. (column "Address")' },
      {
        row: '6',
        field: 'firstName',
        message: 'firstName or companyName is required. (column "First Name")',
      },
      {
        row: '7',
        field: 'countryCode',
        message: 'countryCode "Narnia" is not an ISO 3166-1 country code. (column "Country")',
      },
    ]);
    assert.equal(await (await fetch(done.file.url)).text(), csvOf(rows));

    // Four contacts (rows 2 and 8 are one), standardized as POST /contacts stores them.
    const made = await contactsMatching(live, { lastName: 'Lee' });
    assert.equal(made.totalCount, 1);
    const kim = made.data[0];
    assert.deepEqual(
      [kim.addressLine1, kim.city, kim.addressStatus, kim.metadata],
      ['1920 NEWBURG RD', 'LOUISVILLE', 'verified', { offerCode: 'A1' }],
    );
    const ann = (await contactsMatching(live, { lastName: 'Roe' })).data[0];
    assert.deepEqual(
      [ann.addressLine1, ann.addressStatus, ann.countryCode],
      ['1920 NEWBURG RD', 'corrected', 'US'],
    );
    assert.equal((await contactsMatching(live, { lastName: 'Sun' })).data[0].description, 'VIP');
  });

  test('a file given as a URL is fetched; column names match whatever their case', async () => {
    const csv = csvOf(generatedRows(3, 'by-url'));
    const files = await serveFiles({ '/list.csv': { body: csv, type: 'text/csv' } });
    try {
      const mapping = Object.fromEntries(Object.entries(MAPPING).map(([k, v]) => [k, v.toUpperCase()]));
      const res = await server.request('POST', IMPORTS, {
        key,
        json: { file: `${files.url}/list.csv`, fileType: 'csv', receiverAddressMapping: mapping },
      });
      assert.equal(res.status, 201, res.text);
      const done = await importDone(server, key, res.body.id);
      assert.equal(done.status, 'completed');
      assert.deepEqual([done.validRowCount, done.invalidRowCount, done.notes], [3, 0, []]);
      assert.equal((await contactsMatching(key, { lastName: 'by-url' })).totalCount, 3);
      assert.equal(await (await fetch(done.reportURL)).text(), 'row,field,message\n');
    } finally {
      await files.close();
    }
  });

  test('a multipart mapping may also be one JSON field', async () => {
    const form = importForm(csvOf(generatedRows(1, 'json-map')), { receiverAddressMapping: undefined });
    form.set('receiverAddressMapping', JSON.stringify(MAPPING));
    const res = await server.request('POST', IMPORTS, { key, multipart: form });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.file.receiverAddressMapping, MAPPING);
  });

  test('test mode does not verify: the description picks the status, as for contacts', async () => {
    const rows = generatedRows(3, 'test-mode');
    rows[1][7] = 'test corrected';
    rows[2][7] = 'test failed';
    const done = await importDone(server, key, (await createImport(server, key, csvOf(rows))).id);
    assert.deepEqual(done.receiverStatusCount, { verifiedCount: 1, correctedCount: 1, failedCount: 1 });
  });

  test('a file with no valid row needs changes, and makes no contact', async () => {
    const rows = generatedRows(2, 'all-bad').map((r) => [r[0], r[1], '', ...r.slice(3)]);
    const done = await importDone(server, key, (await createImport(server, key, csvOf(rows))).id);
    assert.equal(done.status, 'changes_required');
    assert.deepEqual(
      done.errors.map((e: { type: string }) => e.type),
      ['no_valid_contacts_error'],
    );
    assert.equal(done.invalidRowCount, 2);
    assert.equal((await contactsMatching(key, { lastName: 'all-bad' })).totalCount, 0);
  });

  test('an Idempotency-Key replays the first import (the second upload is not kept); another file is a 422', async () => {
    const headers = { 'idempotency-key': 'import-idem-1' };
    const csv = csvOf(generatedRows(2, 'idem'));
    const first = await server.request('POST', IMPORTS, { key, multipart: importForm(csv), headers });
    const again = await server.request('POST', IMPORTS, { key, multipart: importForm(csv), headers });
    assert.equal(first.status, 201, first.text);
    assert.deepEqual([again.status, again.body.id], [201, first.body.id]);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const other = csvOf(generatedRows(3, 'idem'));
    const reused = await server.request('POST', IMPORTS, { key, multipart: importForm(other), headers });
    assert.equal(reused.status, 422);
    assert.equal(reused.body.error.type, 'idempotency_key_reuse_error');
  });

  test('update changes description and metadata (null removes); delete removes the import and its files', async () => {
    const done = await importDone(
      server,
      key,
      (await createImport(server, key, csvOf(generatedRows(1, 'upd')))).id,
    );
    const updated = await server.request('POST', `${IMPORTS}/${done.id}`, {
      key,
      json: { description: 'renamed', metadata: { a: '1' } },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual([updated.body.description, updated.body.metadata], ['renamed', { a: '1' }]);
    const cleared = await server.request('POST', `${IMPORTS}/${done.id}`, { key, json: { metadata: null } });
    assert.equal(cleared.body.metadata, undefined);
    const fileUrl = done.file.url;
    assert.equal((await server.request('DELETE', `${IMPORTS}/${done.id}`, { key })).status, 200);
    assert.equal(await statusOf(fileUrl), 404, 'its file went with it');
    assert.equal((await contactsMatching(key, { lastName: 'upd' })).totalCount, 1, 'its contacts stay');
  });
});

describe('mailing list imports: bad files are a 400 naming the field, and nothing is kept', () => {
  const good = csvOf(generatedRows(2, 'bad-cases'));
  const latin1 = Buffer.concat([
    Buffer.from(`${HEADER.join(',')}\r\nJos`),
    Buffer.from([0xe9]),
    Buffer.from(',X,1 Main St,A,KY,40202,US,,\r\n'),
  ]);
  const cases: Array<[string, string | Uint8Array, Record<string, unknown>, RegExp]> = [
    ['not UTF-8', latin1, {}, /^file is not UTF-8 text: line 2 has a byte \(0xE9\)/],
    ['empty', '', {}, /^file is empty/],
    [
      'no header row',
      csvOf(generatedRows(2, 'x')).split('\r\n').slice(1).join('\r\n'),
      {},
      /^file has no header row/,
    ],
    [
      'a header and no rows',
      `${HEADER.join(',')}\r\n\r\n,,,\r\n`,
      {},
      /^file has a header row but no data rows/,
    ],
    [
      'addressLine1 not mapped',
      good,
      { receiverAddressMapping: { firstName: 'First Name' } },
      /^receiverAddressMapping\.addressLine1 is required/,
    ],
    [
      'no name mapped',
      good,
      { receiverAddressMapping: { addressLine1: 'Address' } },
      /^receiverAddressMapping\.firstName or receiverAddressMapping\.companyName is required/,
    ],
    [
      'a mapped column missing from the header',
      good,
      { receiverAddressMapping: { ...MAPPING, city: 'Town' } },
      /^receiverAddressMapping\.city names column "Town", which the file's header/,
    ],
    [
      'an unknown contact field',
      good,
      { receiverAddressMapping: { ...MAPPING, shoeSize: 'Offer' } },
      /^receiverAddressMapping\.shoeSize is not a contact field/,
    ],
    [
      'not CSV',
      `${HEADER.join(',')}\r\n"Kim,Lee,1 Main St\r\n`,
      {},
      /^file is not a readable CSV: Quote Not Closed/,
    ],
    ['another file type', good, { fileType: 'xlsx' }, /^fileType /],
  ];
  for (const [name, csv, fields, message] of cases)
    test(name, async () => {
      const before = (await server.request('GET', IMPORTS, { key })).body.totalCount;
      const res = await server.request('POST', IMPORTS, { key, multipart: importForm(csv, fields) });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
      assert.equal((await server.request('GET', IMPORTS, { key })).body.totalCount, before);
    });

  test('a URL that cannot be fetched, or no file at all', async () => {
    const files = await serveFiles({});
    try {
      const res = await server.request('POST', IMPORTS, {
        key,
        json: { file: `${files.url}/missing.csv`, fileType: 'csv', receiverAddressMapping: MAPPING },
      });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error.message, /^file could not be fetched: .*HTTP 404/);
    } finally {
      await files.close();
    }
    const none = await server.request('POST', IMPORTS, {
      key,
      json: { fileType: 'csv', receiverAddressMapping: MAPPING },
    });
    assert.equal(none.status, 400);
    assert.match(none.body.error.message, /^file is required/);
    const notUrl = await server.request('POST', IMPORTS, {
      key,
      json: { file: 'contacts.csv', fileType: 'csv', receiverAddressMapping: MAPPING },
    });
    assert.match(
      notUrl.body.error.message,
      /^file is neither a URL .* nor base64: .* must be an http\(s\) URL/,
    );
  });

  test('no refused upload is left in the blob store', async () => {
    const dir = path.join(server.runtime.config.dataDir, 'blobs', 'mailing-list-imports', 'test');
    const files = existsSync(dir) ? readdirSync(dir) : [];
    const uploads = files.filter((f) => f.startsWith('upload-') && f.endsWith('.csv'));
    const kept = await server.runtime.db.pool.query(
      "SELECT doc -> 'file' ->> 'url' AS key FROM mailing_list_imports WHERE NOT live",
    );
    const keys = new Set(kept.rows.map((r) => path.basename(r.key)));
    assert.deepEqual(
      uploads.filter((f) => !keys.has(f)),
      [],
    );
  });
});

describe('mailing list imports: progress, crashes and restarts', () => {
  test('progress is readable while it runs; contacts appear only when it completes; a lost staging starts again', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      const k = await s.key({ org: 'progress' });
      const created = await createImport(s, k, csvOf(generatedRows(2500, 'progress')));
      assert.deepEqual([created.processedRowCount, created.totalRowCount], [0, 2500]);
      const deps = { ...s.runtime.deps, clock: s.clock };
      const scope = { orgId: created.organization, live: false };
      assert.equal(await advanceImport(deps, scope, created.id, { maxBatches: 2 }), 'more');
      const midway = (await s.request('GET', `${IMPORTS}/${created.id}`, { key: k })).body;
      assert.deepEqual(
        [midway.status, midway.processedRowCount, midway.validRowCount],
        ['validating', 2000, 2000],
      );
      assert.equal((await s.request('GET', CONTACTS, { key: k })).body.totalCount, 0, 'nothing visible yet');

      // A database crash empties the unlogged staging: the next run notices and starts over.
      await s.runtime.db.pool.query('DELETE FROM mailing_list_import_rows');
      assert.equal(await advanceImport(deps, scope, created.id), 'done');
      const done = (await s.request('GET', `${IMPORTS}/${created.id}`, { key: k })).body;
      assert.deepEqual([done.status, done.processedRowCount, done.validRowCount], ['completed', 2500, 2500]);
      assert.equal((await s.request('GET', CONTACTS, { key: k })).body.totalCount, 2500);

      // A file gone from the blob store: changes_required, saying so, and nothing imported.
      const lost = await createImport(s, k, csvOf(generatedRows(3, 'lost')));
      const blobKey = new URL(lost.file.url).pathname.replace('/files/', '');
      rmSync(path.join(s.runtime.config.dataDir, 'blobs', blobKey));
      assert.equal(await advanceImport(deps, scope, lost.id), 'done');
      const failed = (await s.request('GET', `${IMPORTS}/${lost.id}`, { key: k })).body;
      assert.equal(failed.status, 'changes_required');
      assert.deepEqual(
        failed.errors.map((e: { type: string }) => e.type),
        ['internal_service_error'],
      );
      assert.equal((await s.request('GET', CONTACTS, { key: k })).body.totalCount, 2500);
    } finally {
      await s.close();
    }
  });

  test('a server stopped mid-import goes on after restart from the last staged batch: nothing lost, nothing twice', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      const k = await s.key({ org: 'restart' });
      const created = await createImport(s, k, csvOf(generatedRows(3000, 'restart')));
      const scope = { orgId: created.organization, live: false };
      // What a worker that stopped after two batches leaves: those staged, its job still queued.
      await advanceImport({ ...s.runtime.deps, clock: s.clock }, scope, created.id, { maxBatches: 2 });
      await s.restart({ workers: true });
      const done = await importDone(s, k, created.id);
      assert.deepEqual([done.status, done.processedRowCount, done.validRowCount], ['completed', 3000, 3000]);
      const contacts = await s.runtime.db.pool.query(
        "SELECT count(*)::int AS n, count(DISTINCT doc ->> 'firstName')::int AS names FROM contacts",
      );
      assert.deepEqual(contacts.rows[0], { n: 3000, names: 3000 });
      const linked = await s.runtime.db.pool.query(
        'SELECT count(*)::int AS n FROM mailing_list_import_contacts',
      );
      assert.equal(linked.rows[0].n, 3000);
    } finally {
      await s.close();
    }
  });

  test('a server stopped while its worker imports goes on after restart: nothing lost, nothing twice', async () => {
    // Short job slices, so a stop lands mid-import however fast the machine: with the default
    // 2 s, a quiet machine staged all 40,000 rows in the slice the stop waited for.
    const s = await startTestServer({ jobSliceMs: 200 });
    try {
      const k = await s.key({ org: 'restart-live' });
      const total = 40_000;
      const created = await createImport(s, k, csvOf(generatedRows(total, 'inflight')));
      const seen = await waitFor(s, k, `${IMPORTS}/${created.id}`, (d) => d.processedRowCount > 0, 30_000);
      // Stopping waits for the job's current slice, which hands the rest on.
      // Back without workers first, so what the stop left can be read before anyone goes on.
      await s.restart({ workers: false });
      const stopped = (await s.request('GET', `${IMPORTS}/${created.id}`, { key: k })).body;
      assert.equal(stopped.status, 'validating', `stopped mid-import (at ${stopped.processedRowCount} rows)`);
      assert.ok(stopped.processedRowCount >= seen.processedRowCount, 'staged batches survive the restart');
      await s.restart({ workers: true });
      // 40,000 rows take seconds on a quiet machine and minutes on a loaded one: wait long.
      const done = await importDone(s, k, created.id, 300_000);
      assert.deepEqual(
        [done.status, done.processedRowCount, done.validRowCount],
        ['completed', total, total],
      );
      const contacts = await s.runtime.db.pool.query(
        "SELECT count(*)::int AS n, count(DISTINCT doc ->> 'firstName')::int AS names FROM contacts",
      );
      assert.deepEqual(contacts.rows[0], { n: total, names: total });
    } finally {
      await s.close();
    }
  });
});
