import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';

const REPORTS = '/print-mail/v1/reports';
const SAMPLES = `${REPORTS}/samples`;
let server: TestServer;
let key: string;
let liveKey: string;
let otherKey: string;

const contact = (firstName: string, extra: Record<string, unknown> = {}) => ({
  firstName,
  addressLine1: '20 W 34th St',
  city: 'New York',
  provinceOrState: 'NY',
  postalOrZip: '10001',
  countryCode: 'US',
  ...extra,
});

async function post(path: string, json: unknown, k = key) {
  return server.request('POST', path, { key: k, json });
}

async function sample(sqlQuery: string, extra: Record<string, unknown> = {}, k = key) {
  return post(SAMPLES, { sqlQuery, ...extra }, k);
}

before(async () => {
  server = await startTestServer({ reportSampleTimeoutMs: 1500 });
  key = await server.key({ org: 'reports-org' });
  liveKey = await server.key({ org: 'reports-org', mode: 'live' });
  otherKey = await server.key({ org: 'reports-other-org' });
  for (const name of ['Ada', 'Grace', 'Edsger'])
    assert.equal(
      (await post('/print-mail/v1/contacts', contact(name, { metadata: { team: 'core' } }))).status,
      201,
    );
  for (const name of ['Mallory', 'Eve'])
    assert.equal((await post('/print-mail/v1/contacts', contact(name), otherKey)).status, 201);
  // A live contact with skipVerification: live creates verify, and this test is about scope.
  const live = await post('/print-mail/v1/contacts', contact('Linus', { skipVerification: true }), liveKey);
  assert.equal(live.status, 201, live.text);
});
after(() => server.close());

resourceContract(() => server, {
  object: 'report',
  path: REPORTS,
  idPrefix: 'report',
  product: 'print-mail',
  create: async (s, k) =>
    (await s.request('POST', REPORTS, { key: k, json: { sqlQuery: 'SELECT id FROM contacts' } })).body,
  deletion: 'removes',
});

describe('saved reports', () => {
  test('create, update (null removes description), and a field-naming 400 for bad SQL', async () => {
    const created = await post(REPORTS, {
      sqlQuery: 'SELECT id FROM contacts',
      description: 'All contacts',
      metadata: { team: 'ops' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.object, 'report');
    assert.equal(created.body.sqlQuery, 'SELECT id FROM contacts');
    const updated = await post(`${REPORTS}/${created.body.id}`, { sqlQuery: 'SELECT 2', description: null });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.sqlQuery, 'SELECT 2');
    assert.equal(updated.body.description, undefined);
    assert.deepEqual(updated.body.metadata, { team: 'ops' });

    for (const [sqlQuery, problem] of [
      ['', /sqlQuery/],
      ['SELECT 1; SELECT 2', /sqlQuery.*single statement/],
      ["SELECT 'open", /sqlQuery.*unterminated string/],
      ['SELECT (1', /sqlQuery.*"\(" without/],
    ] as const) {
      const res = await post(REPORTS, { sqlQuery });
      assert.equal(res.status, 400, `${sqlQuery}: ${res.text}`);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, problem);
    }
    const missing = await post(REPORTS, { description: 'no query' });
    assert.equal(missing.status, 400);
    assert.match(missing.body.error.message, /sqlQuery/);
  });
});

describe('samples', () => {
  test('an ad hoc query sees only the caller organization and mode', async () => {
    const res = await sample('SELECT first_name, metadata FROM contacts ORDER BY first_name');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.object, 'report_sample');
    assert.match(res.body.id, /^report_sample_/);
    assert.equal(res.body.report, null);
    assert.deepEqual(
      res.body.records.map((r: { first_name: string }) => r.first_name),
      ['Ada', 'Edsger', 'Grace'],
    );
    assert.deepEqual(res.body.records[0].metadata, { team: 'core' });

    const live = await sample('SELECT first_name FROM contacts', {}, liveKey);
    assert.deepEqual(live.body.records, [{ first_name: 'Linus' }]);
    const other = await sample('SELECT count(*)::int AS n FROM contacts', {}, otherKey);
    assert.deepEqual(other.body.records, [{ n: 2 }]);
  });

  test('? and $1 placeholders take params; a wrong count is a 400 naming params', async () => {
    const q = await sample('SELECT first_name FROM contacts WHERE first_name = ? OR first_name = ?', {
      params: ['Ada', 'Grace'],
    });
    assert.equal(q.status, 200, q.text);
    assert.equal(q.body.records.length, 2);
    const dollar = await sample(
      'SELECT first_name FROM contacts WHERE created_at > $1::timestamptz - $2::interval',
      {
        params: ['2000-01-01T00:00:00Z', '1 day'],
      },
    );
    assert.equal(dollar.body.records.length, 3);
    for (const [sqlQuery, params] of [
      ['SELECT first_name FROM contacts WHERE first_name = ?', ['Ada', 'Grace']],
      ['SELECT first_name FROM contacts WHERE first_name = $1', []],
    ] as const) {
      const wrong = await sample(sqlQuery, { params });
      assert.equal(wrong.status, 400, wrong.text);
      assert.equal(wrong.body.error.type, 'validation_error');
      assert.match(wrong.body.error.message, /^params holds/);
    }
    // Without params, ? is the jsonb operator it then is.
    const jsonb = await sample(`SELECT count(*)::int AS n FROM contacts WHERE metadata ? 'team'`);
    assert.deepEqual(jsonb.body.records, [{ n: 3 }]);
  });

  test('limit caps the rows (at most 1,000); a saved report samples with its own id', async () => {
    const capped = await sample('SELECT g FROM generate_series(1, 5000) g', { limit: 1000 });
    assert.equal(capped.body.records.length, 1000);
    const two = await sample('SELECT g FROM generate_series(1, 5000) g', { limit: 2 });
    assert.deepEqual(two.body.records, [{ g: 1 }, { g: 2 }]);
    const tooMany = await sample('SELECT 1', { limit: 1001 });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.error.message, /limit/);

    const report = await post(REPORTS, { sqlQuery: 'SELECT first_name FROM contacts WHERE first_name = $1' });
    const saved = await post(`${REPORTS}/${report.body.id}/samples`, { params: ['Edsger'] });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.report, report.body.id);
    assert.deepEqual(saved.body.records, [{ first_name: 'Edsger' }]);
    const elsewhere = await post(`${REPORTS}/${report.body.id}/samples`, { params: ['Edsger'] }, otherKey);
    assert.equal(elsewhere.status, 404);
  });

  test('orders of every kind are one view, with their kind', async () => {
    const sender = await server.key({ org: 'reports-letters-org' });
    const letter = await post(LETTERS, letterBody(), sender);
    assert.equal(letter.status, 201, letter.text);
    const res = await sample('SELECT kind, id, status, to_contact FROM orders', {}, sender);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.records, [
      { kind: 'letter', id: letter.body.id, status: letter.body.status, to_contact: letter.body.to.id },
    ]);
    const letters = await sample('SELECT count(*)::int AS n FROM letters');
    assert.deepEqual(letters.body.records, [{ n: 0 }]);
  });
});

describe('the sandbox holds', () => {
  const refused = async (sqlQuery: string, status: number, type: string) => {
    const res = await sample(sqlQuery);
    assert.equal(res.status, status, `${sqlQuery}: ${res.text}`);
    assert.equal(res.body.error.type, type, sqlQuery);
    return res;
  };

  test('the real tables, other schemas and the bindings are out of reach', async () => {
    await refused(`SELECT * FROM ${server.schema}.contacts`, 403, 'report_query_forbidden_error');
    await refused(`SELECT * FROM ${server.schema}.report_bindings`, 403, 'report_query_forbidden_error');
    await refused(`SELECT * FROM ${server.schema}.api_keys`, 403, 'report_query_forbidden_error');
    await refused('SELECT * FROM api_keys', 400, 'report_query_error');
  });

  test('writes, COPY, SET ROLE and data-modifying WITH are refused', async () => {
    await refused('DELETE FROM contacts', 400, 'report_query_error');
    await refused("UPDATE contacts SET first_name = 'x'", 400, 'report_query_error');
    await refused(
      'WITH gone AS (DELETE FROM contacts RETURNING id) SELECT * FROM gone',
      403,
      'report_query_forbidden_error',
    );
    await refused("COPY (SELECT 1) TO '/tmp/postroom-report-escape'", 400, 'report_query_error');
    await refused('SET ROLE postgres', 400, 'report_query_error');
    await refused("SELECT set_config('role', 'postgres', false)", 403, 'report_query_forbidden_error');
    await refused('SELECT * FROM contacts FOR UPDATE', 403, 'report_query_forbidden_error');
    await refused(
      "SELECT query_to_xml('DELETE FROM contacts', true, true, '')",
      403,
      'report_query_forbidden_error',
    );
  });

  test('files, other sessions, locks and links to other servers are refused', async () => {
    await refused("SELECT pg_read_file('/etc/passwd')", 403, 'report_query_forbidden_error');
    await refused("SELECT pg_ls_dir('.')", 403, 'report_query_forbidden_error');
    await refused("SELECT lo_import('/etc/passwd')", 403, 'report_query_forbidden_error');
    await refused(
      "SELECT * FROM dblink('host=127.0.0.1', 'SELECT 1') AS t(a int)",
      400,
      'report_query_error',
    );
    await refused('SELECT pg_cancel_backend(1)', 403, 'report_query_forbidden_error');
    await refused('SELECT pg_advisory_lock(1)', 403, 'report_query_forbidden_error');
    await refused('SELECT query FROM pg_stat_activity', 403, 'report_query_forbidden_error');
  });

  test('several statements and comment tricks stay one read-only query', async () => {
    const multi = await sample('SELECT 1; DROP TABLE contacts');
    assert.equal(multi.status, 400);
    assert.match(multi.body.error.message, /sqlQuery/);
    const line = await sample('SELECT count(*)::int AS n FROM contacts -- ) q; DROP TABLE contacts');
    assert.deepEqual(line.body.records, [{ n: 3 }]);
    const block = await sample('SELECT count(*)::int AS n FROM contacts /* ) q; DROP TABLE contacts; */');
    assert.deepEqual(block.body.records, [{ n: 3 }]);
    await refused('SELECT 1) q; DROP TABLE contacts; SELECT (1', 400, 'validation_error');
    const trailing = await sample('SELECT 1 AS one;  ');
    assert.deepEqual(trailing.body.records, [{ one: 1 }]);
  });

  test('a long query is stopped at the time limit; a huge row is refused', async () => {
    const started = Date.now();
    await refused('SELECT pg_sleep(20)', 422, 'report_query_timeout_error');
    assert.ok(Date.now() - started < 10_000, 'stopped near the 1.5 s limit');
    await refused("SELECT repeat('x', 11000000) AS big", 422, 'report_result_too_large_error');
    await refused(
      'SELECT * FROM generate_series(1, 10000000000) g ORDER BY g DESC',
      422,
      'report_query_timeout_error',
    );
  });

  test('queries of several organizations at once each see their own rows', async () => {
    const keys = [key, otherKey, liveKey];
    const expected = [3, 2, 1];
    const runs = Array.from({ length: 24 }, (_, i) => i % 3);
    const answers = await Promise.all(
      runs.map((who) => sample('SELECT count(*)::int AS n FROM contacts, pg_sleep(0.02)', {}, keys[who])),
    );
    answers.forEach((res, i) => {
      assert.deepEqual(res.body.records, [{ n: expected[runs[i]] }], res.text);
    });
  });

  test('after every attempt the data is whole and the reader still answers', async () => {
    const contacts = await server.request('GET', '/print-mail/v1/contacts', { key });
    assert.equal(contacts.body.totalCount, 3);
    const res = await sample('SELECT count(*)::int AS n FROM contacts');
    assert.deepEqual(res.body.records, [{ n: 3 }]);
  });
});

describe('exports', () => {
  const waitForExport = async (reportId: string, exportId: string) => {
    for (let i = 0; i < 200; i++) {
      const res = await server.request('GET', `${REPORTS}/${reportId}/exports/${exportId}`, { key });
      assert.equal(res.status, 200, res.text);
      if (res.body.rowCount !== undefined || res.body.failureMessage !== undefined) return res.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('export did not finish');
  };

  test('an export writes the CSV behind a signed link; delete removes both', async () => {
    const report = await post(REPORTS, {
      sqlQuery:
        'SELECT first_name, metadata, created_at > $1::timestamptz AS recent FROM contacts ORDER BY first_name',
    });
    const created = await post(`${REPORTS}/${report.body.id}/exports`, {
      description: 'October',
      params: ['2000-01-01T00:00:00Z'],
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.object, 'report_export');
    assert.deepEqual(created.body.report, { id: report.body.id, sqlQuery: report.body.sqlQuery });
    assert.equal(created.body.outputURL, undefined);

    const done = await waitForExport(report.body.id, created.body.id);
    assert.equal(done.failureMessage, undefined);
    assert.equal(done.rowCount, 3);
    const csv = await (await fetch(done.outputURL)).text();
    assert.equal(
      csv,
      'first_name,metadata,recent\r\nAda,"{""team"":""core""}",true\r\nEdsger,"{""team"":""core""}",true\r\nGrace,"{""team"":""core""}",true\r\n',
    );
    assert.equal(done.sizeInBytes, Buffer.byteLength(csv));

    const del = await server.request('DELETE', `${REPORTS}/${report.body.id}/exports/${created.body.id}`, {
      key,
    });
    assert.deepEqual(del.body, { id: created.body.id, object: 'report_export', deleted: true });
    assert.equal(
      (await server.request('GET', `${REPORTS}/${report.body.id}/exports/${created.body.id}`, { key }))
        .status,
      404,
    );
    assert.equal(await statusOf(done.outputURL), 404);
  });

  test('a query that fails says why; a wrong params count is a 400; exports are per organization', async () => {
    const report = await post(REPORTS, { sqlQuery: 'SELECT $1::int AS n' });
    const bad = await post(`${REPORTS}/${report.body.id}/exports`, { params: ['abc'] });
    assert.equal(bad.status, 201, bad.text);
    const failed = await waitForExport(report.body.id, bad.body.id);
    assert.match(failed.failureMessage, /invalid input syntax for type integer/);
    assert.equal(failed.outputURL, undefined);

    const wrong = await post(`${REPORTS}/${report.body.id}/exports`, { params: [] });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error.message, /params/);
    const other = await server.request('GET', `${REPORTS}/${report.body.id}/exports/${bad.body.id}`, {
      key: otherKey,
    });
    assert.equal(other.status, 404);
  });
});

describe('export limits', () => {
  let small: TestServer;
  let smallKey: string;
  before(async () => {
    small = await startTestServer({ reportExportMaxBytes: 2000 }, { workers: false });
    smallKey = await small.key({ org: 'reports-small' });
  });
  after(() => small.close());

  test('an export still generating cannot be deleted; a long one is cut at the byte limit', async () => {
    const report = await small.request('POST', REPORTS, {
      key: smallKey,
      json: { sqlQuery: "SELECT g, repeat('y', 50) AS pad FROM generate_series(1, 1000) g" },
    });
    const created = await small.request('POST', `${REPORTS}/${report.body.id}/exports`, {
      key: smallKey,
      json: {},
    });
    const path = `${REPORTS}/${report.body.id}/exports/${created.body.id}`;
    const refused = await small.request('DELETE', path, { key: smallKey });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.type, 'report_export_status_error');

    await small.restart({ workers: true });
    let done: any;
    for (let i = 0; i < 200 && done?.rowCount === undefined; i++) {
      done = (await small.request('GET', path, { key: smallKey })).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(done.truncatedToBytes, 2000);
    assert.ok(done.sizeInBytes <= 2000 && done.sizeInBytes > 1900, `size ${done.sizeInBytes}`);
    const csv = await (await fetch(done.outputURL)).text();
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], 'g,pad');
    assert.equal(lines.length, done.rowCount + 1);
    assert.equal(lines.at(-1), `${done.rowCount},${'y'.repeat(50)}`);
  });
});
