import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { SafeFetchError } from '../../src/platform/safe-fetch.js';
import { ImportInputError } from '../../src/reference-store/import/import-errors.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { type FileServer, startFileServer } from '../helpers/file-server.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** 60 synthetic points on one Louisville street, numbered 100, 102, ... */
const ROWS = 60;
const BIG_CSV = Buffer.from(
  [
    'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH',
    ...Array.from(
      { length: ROWS },
      (_, i) =>
        `-85.71${String(i).padStart(2, '0')},38.22,${100 + 2 * i},Newburg Rd,,Louisville,,KY,40205,n${i},`,
    ),
  ].join('\n') + '\n',
);

let server: TestServer;
let files: FileServer;

const pool = () => server.runtime.db.pool;
const count = async () => Number((await pool().query('SELECT count(*) FROM address_points')).rows[0].count);
const lastRun = async () =>
  (
    await pool().query(
      'SELECT status, rows_committed::int AS committed, inserted::int, error FROM address_point_imports ORDER BY id DESC LIMIT 1',
    )
  ).rows[0];

/** Waits (bounded) until the importer has committed something; the cut comes after. */
async function someCommitted(): Promise<void> {
  for (let i = 0; i < 400 && (await count()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
}

before(async () => {
  server = await startTestServer({}, { workers: false });
  const gz = gzipSync(fixture('oa-louisville.csv'));
  files = await startFileServer({
    '/points.csv': BIG_CSV,
    // Sends the first half, lets the importer store what it can, then drops the connection.
    '/cut.csv': async (_req, res) => {
      res.writeHead(200, { 'content-length': BIG_CSV.length, etag: '"points-v1"' });
      res.write(BIG_CSV.subarray(0, BIG_CSV.length / 2));
      await someCommitted();
      res.destroy();
    },
    '/whole.csv': (_req, res) => {
      res.writeHead(200, { 'content-length': BIG_CSV.length, etag: '"points-v1"' });
      res.end(BIG_CSV);
    },
    '/bad-line.geojsonl': Buffer.from(
      '{"type":"Feature","properties":{"number":"1","street":"Main St","postcode":"40205"},"geometry":{"type":"Point","coordinates":[-85.7,38.2]}}\n{"type":"Feature", oops\n',
    ),
    '/collection.geojson': Buffer.from('{"type":"FeatureCollection","features":[]}\n'),
    '/no-street.csv': Buffer.from('LON,LAT,NUMBER,ROAD,POSTCODE\n-85.7,38.2,1,Main St,40205\n'),
    '/cut-short.csv.gz': gz.subarray(0, gz.length - 20),
    '/readme.zip': fixture('readme-only.zip'),
    '/binary.csv': Buffer.from([0x00, 0x01, 0x02, 0x03, 0x0a, 0x00]),
    '/empty.csv': Buffer.alloc(0),
  });
});
after(async () => {
  await files.close();
  await server.close();
});
beforeEach(() => pool().query('TRUNCATE address_points, address_point_areas, address_point_imports'));

const fromUrl = (file: string, options: Parameters<typeof importPoints>[2] = {}) =>
  importPoints(pool(), `${files.url}${file}`, { fetch: { allowPrivate: true }, ...options });

describe('postroom data import: interruptions', () => {
  test('a connection cut midway: whole chunks stay, the run says how far it got, and a re-run resumes after them', async () => {
    const cut = `${files.url}/cut.csv`;
    await assert.rejects(
      importPoints(pool(), cut, { fetch: { allowPrivate: true }, chunkRows: 5 }),
      (err: Error) => err instanceof SafeFetchError && err.code === 'network' && err.message.includes(cut),
    );
    const failed = await lastRun();
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /could not be fetched/);
    const kept = await count();
    assert.ok(kept > 0 && kept < ROWS, `kept ${kept}`);
    // Chunks commit whole, with the run's own count: nothing half-stored.
    assert.equal(kept % 5, 0);
    assert.equal(failed.inserted, kept);
    assert.equal(failed.committed, kept);

    // The same source (same ETag and length) again, now whole: the committed rows are not re-read.
    files.files.set('/cut.csv', files.files.get('/whole.csv')!);
    const again = await importPoints(pool(), cut, { fetch: { allowPrivate: true }, chunkRows: 5 });
    assert.equal(again.resumedAfter, kept);
    assert.equal(again.rows, ROWS);
    assert.equal(again.inserted, ROWS - kept);
    // Every row has one fate: stored by the interrupted run, or new now.
    assert.deepEqual([again.alreadyStored, again.repeated, again.skipped], [0, 0, {}]);
    assert.equal(await count(), ROWS);
    assert.equal((await lastRun()).status, 'complete');
  });

  test('with --no-resume, or once the source changed, every row is read again and nothing is duplicated', async () => {
    await fromUrl('/points.csv', { chunkRows: 7 });
    await pool().query("UPDATE address_point_imports SET status = 'failed', rows_committed = 30");
    const fresh = await fromUrl('/points.csv', { resume: false });
    assert.equal(fresh.resumedAfter, 0);
    assert.equal(fresh.inserted, 0);
    assert.equal(fresh.alreadyStored, ROWS);
    await pool().query("UPDATE address_point_imports SET status = 'failed', fingerprint = 'another'");
    const changed = await fromUrl('/points.csv');
    assert.equal(changed.resumedAfter, 0);
    assert.equal(await count(), ROWS);
  });
});

describe('postroom data import: bad sources give a clear error and store nothing', () => {
  const cases: Array<[string, RegExp, Parameters<typeof importPoints>[2]?]> = [
    ['/missing.csv', /answered HTTP 404/],
    ['/bad-line.geojsonl', /bad-line\.geojsonl: line 2 is not JSON/],
    ['/collection.geojson', /a GeoJSON FeatureCollection; the importer reads GeoJSON lines/],
    ['/no-street.csv', /no-street\.csv: no column for "street"; use --map street=COLUMN/],
    ['/cut-short.csv.gz', /cut-short\.csv: the gzip data is damaged or cut short/],
    ['/readme.zip', /no address file in it \(passed over: README\.txt\)/],
    ['/binary.csv', /binary\.csv: not a text file/],
    ['/empty.csv', /empty\.csv: the file is empty/],
    ['/points.csv', /--country "Atlantis" is not a known country/, { country: 'Atlantis' }],
  ];
  for (const [file, message, options] of cases) {
    test(`${file} ${options ? JSON.stringify(options) : ''}`, async () => {
      await assert.rejects(fromUrl(file, options), (err: Error) => {
        assert.ok(err instanceof ImportInputError || err instanceof SafeFetchError, String(err));
        assert.match(err.message, message);
        return true;
      });
      assert.equal(await count(), 0);
      const runs = await pool().query('SELECT status FROM address_point_imports');
      assert.ok(runs.rows.every((r) => r.status === 'failed'));
    });
  }

  test('a loopback URL is refused unless the operator allows private addresses', async () => {
    await assert.rejects(
      importPoints(pool(), `${files.url}/points.csv`),
      (err: Error) => err instanceof SafeFetchError && err.code === 'private_address',
    );
    assert.equal(await count(), 0);
  });

  test('a local file that is not there', async () => {
    await assert.rejects(
      importPoints(pool(), '/nonexistent/points.csv'),
      /\/nonexistent\/points\.csv: no such file/,
    );
  });
});
