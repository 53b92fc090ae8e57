import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { importBoundaries } from '../../src/reference-store/boundaries/import-boundaries.js';
import { isBoundaryLocation } from '../../src/reference-store/boundaries/sources.js';
import { ImportInputError } from '../../src/reference-store/import/import-errors.js';
import { type FileServer, startFileServer } from '../helpers/file-server.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { folderOf, TIGER_DIR, tigerZip, unzip } from '../helpers/tiger-fixtures.js';

let server: TestServer;
let files: FileServer;
const pool = () => server.runtime.db.pool;
const areas = async () => Number((await pool().query('SELECT count(*) FROM census_areas')).rows[0].count);
const staged = async () =>
  Number((await pool().query('SELECT count(*) FROM census_area_staging')).rows[0].count);
const lastRun = async () =>
  (
    await pool().query(
      'SELECT status, rows_committed::int AS committed, error, format FROM address_point_imports ORDER BY id DESC LIMIT 1',
    )
  ).rows[0];

/** The blocks fixture's parts, unzipped. */
let blocks: Map<string, Buffer>;

before(async () => {
  server = await startTestServer({}, { workers: false });
  blocks = await unzip(tigerZip('block'));
  files = await startFileServer({
    '/geo/tl_2024_21_tract.zip': readFileSync(tigerZip('tract')),
    '/geo/tract-parts.shp': blocks.get('tl_2024_21_tabblock20.shp')!,
  });
});
after(async () => {
  await files.close();
  await server.close();
});
beforeEach(() =>
  pool().query(
    'TRUNCATE census_areas, census_area_groups, census_layers, census_area_staging, address_point_imports',
  ),
);

/** Rejects with an ImportInputError whose message matches every pattern. */
async function refused(locations: string[], ...patterns: RegExp[]): Promise<void> {
  await assert.rejects(
    importBoundaries(pool(), locations, { fetch: { allowPrivate: true } }),
    (err: Error) => {
      assert.ok(err instanceof ImportInputError, `${err.name}: ${err.message}`);
      for (const p of patterns) assert.match(err.message, p);
      return true;
    },
  );
  assert.equal(await areas(), 0, 'nothing imported');
}

describe('postroom data import of boundaries: sources', () => {
  test('a zip, a folder, the parts one by one and a URL of a zip all import; the layer comes from the name and the columns', async () => {
    const zip = await importBoundaries(pool(), [tigerZip('tract')]);
    assert.deepEqual(
      zip.files.map((f) => [f.layer, f.vintage, f.replaces, f.areas]),
      [['tract', '2024', '21', 2]],
    );
    const dir = folderOf(blocks);
    const folder = await importBoundaries(pool(), [dir]);
    assert.equal(folder.files[0].layer, 'block');
    assert.equal(folder.inserted, 4);
    await pool().query("DELETE FROM census_areas WHERE layer = 'block'");
    const parts = await importBoundaries(pool(), [
      path.join(dir, 'tl_2024_21_tabblock20.shp'),
      path.join(dir, 'tl_2024_21_tabblock20.dbf'),
    ]);
    assert.equal(parts.inserted, 4);
    await pool().query("DELETE FROM census_areas WHERE layer = 'tract'");
    const url = await importBoundaries(pool(), [`${files.url}/geo/tl_2024_21_tract.zip`], {
      fetch: { allowPrivate: true },
    });
    assert.equal(url.inserted, 2);
    assert.equal((await lastRun()).format, 'tiger:tract');
    // A file named otherwise is read by its columns (and only adds and updates: it replaces nothing).
    const renamed = folderOf(
      new Map(
        [...blocks].map(([name, bytes]) => [name.replace('tl_2024_21_tabblock20', 'my-blocks'), bytes]),
      ),
    );
    const byColumns = await importBoundaries(pool(), [renamed]);
    assert.deepEqual([byColumns.files[0].layer, byColumns.files[0].replaces], ['block', null]);
  });

  test('the CLI tells boundary data from address points', async () => {
    assert.equal(await isBoundaryLocation(tigerZip('cd')), true);
    assert.equal(await isBoundaryLocation(TIGER_DIR), true);
    assert.equal(
      await isBoundaryLocation('https://www2.census.gov/geo/tiger/TIGER2024/TRACT/tl_2024_21_tract.zip'),
      true,
    );
    assert.equal(await isBoundaryLocation(path.resolve(TIGER_DIR, '../import/oa-collection.zip')), false);
    assert.equal(await isBoundaryLocation(path.resolve(TIGER_DIR, '../import/oa-louisville.csv')), false);
  });
});

describe('postroom data import of boundaries: bad files are refused whole, naming the file', () => {
  test('a .dbf without its .shp (alone in a folder, named, or in a zip)', async () => {
    const dir = folderOf({ 'tl_2024_21_tabblock20.dbf': blocks.get('tl_2024_21_tabblock20.dbf')! });
    await refused([dir], /tl_2024_21_tabblock20\.dbf: no tl_2024_21_tabblock20\.shp beside it/);
    await refused(
      [path.join(dir, 'tl_2024_21_tabblock20.dbf')],
      /tl_2024_21_tabblock20\.dbf: no .*\.shp beside it/,
    );
    await refused([`${files.url}/geo/tract-parts.shp`], /a shapefile over http\(s\) is read as a zip/);
  });

  test('wrong columns: a name that says tract over county columns; columns of no TIGER/Line layer', async () => {
    const county = await unzip(tigerZip('county'));
    const misnamed = folderOf(
      new Map([...county].map(([n, b]) => [n.replace('tl_2024_us_county', 'tl_2024_21_tract'), b])),
    );
    await refused(
      [misnamed],
      /tl_2024_21_tract\.dbf: wrong columns for a TIGER\/Line TRACT file: no TRACTCE/,
      /its columns: STATEFP, COUNTYFP, COUNTYNS/,
    );
    await refused(
      [path.join(TIGER_DIR, 'bad/service-areas.zip')],
      /service-areas\.zip: service-areas\.dbf: not a TIGER\/Line boundary layer the importer reads \(its columns: AREA_ID, LABEL\)/,
    );
    const zcta = folderOf(
      new Map([...county].map(([n, b]) => [n.replace('tl_2024_us_county', 'tl_2024_us_zcta520'), b])),
    );
    await refused([zcta], /tl_2024_us_zcta520\.dbf: a TIGER\/Line layer the importer does not read/);
  });

  test('a zip of something else, a file that is no zip, a .shp that is no shapefile, projected coordinates', async () => {
    await refused(
      [path.resolve(TIGER_DIR, '../import/oa-collection.zip')],
      /oa-collection\.zip: no shapefile in it \(found /,
    );
    const dir = folderOf({ 'tl_2024_21_tract.zip': Buffer.from('PK\x03\x04 not really a zip') });
    await refused([path.join(dir, 'tl_2024_21_tract.zip')], /tl_2024_21_tract\.zip: not a readable zip/);
    const junk = new Map(blocks);
    junk.set('tl_2024_21_tabblock20.shp', Buffer.from('LON,LAT\n1,2\n'.repeat(20)));
    await refused([folderOf(junk)], /tl_2024_21_tabblock20\.shp: not a shapefile/);
    const projected = new Map(blocks);
    projected.set(
      'tl_2024_21_tabblock20.prj',
      Buffer.from('PROJCS["NAD_1983_StatePlane_Kentucky_North",GEOGCS[...]]'),
    );
    await refused([folderOf(projected)], /tl_2024_21_tabblock20\.prj: projected coordinates/);
  });

  test('a cut file: the .shp, the .dbf, the zip; the run is recorded as failed and nothing is visible', async () => {
    const shp = blocks.get('tl_2024_21_tabblock20.shp')!;
    for (const cut of [shp.length - 30, 100 + 8 + 20, 100 + 3]) {
      const parts = new Map(blocks);
      parts.set('tl_2024_21_tabblock20.shp', shp.subarray(0, cut));
      await refused([folderOf(parts)], /tl_2024_21_tabblock20\.shp: the file is cut short/);
      const run = await lastRun();
      assert.equal(run.status, 'failed');
      assert.match(run.error, /cut short/);
    }
    const dbf = blocks.get('tl_2024_21_tabblock20.dbf')!;
    const cutDbf = new Map(blocks);
    cutDbf.set('tl_2024_21_tabblock20.dbf', dbf.subarray(0, dbf.length - 150));
    await refused([folderOf(cutDbf)], /tl_2024_21_tabblock20\.dbf: the file is cut short/);
    const zip = readFileSync(tigerZip('block'));
    const dir = folderOf({ 'tl_2024_21_tabblock20.zip': zip.subarray(0, zip.length - 40) });
    await refused(
      [path.join(dir, 'tl_2024_21_tabblock20.zip')],
      /tl_2024_21_tabblock20\.zip: (not a readable|damaged) zip/,
    );
  });

  test('a .shp and a .dbf that do not belong together (different record counts)', async () => {
    const mixed = new Map(blocks);
    mixed.set('tl_2024_21_tabblock20.dbf', (await unzip(tigerZip('tract'))).get('tl_2024_21_tract.dbf')!);
    await refused([folderOf(mixed)], /tl_2024_21_tabblock20/);
  });
});

describe('postroom data import of boundaries: re-runs', () => {
  test('an interrupted import leaves nothing visible; the same command again resumes after what it staged', async () => {
    const dir = folderOf(blocks);
    let seen = 0;
    await assert.rejects(
      importBoundaries(pool(), [dir], {
        chunkAreas: 1,
        progress: {
          update: (s) => {
            seen = s.rows;
            if (s.rows === 3) throw new Error('killed');
          },
          done() {},
        },
      }),
      /killed/,
    );
    assert.equal(seen, 3);
    assert.equal(await areas(), 0, 'nothing half-imported');
    assert.equal(await staged(), 2);
    const failed = await lastRun();
    assert.deepEqual([failed.status, failed.committed], ['failed', 2]);
    const again = await importBoundaries(pool(), [dir]);
    assert.equal(again.resumedAfter, 2);
    assert.equal(again.inserted, 4);
    assert.equal(await staged(), 0);
    assert.equal((await lastRun()).status, 'complete');
    // A changed file is read whole again: nothing is resumed, nothing duplicated.
    await pool().query("UPDATE address_point_imports SET status = 'failed'");
    utimesSync(path.join(dir, 'tl_2024_21_tabblock20.shp'), new Date(), new Date(Date.now() + 5000));
    const touched = await importBoundaries(pool(), [dir]);
    assert.equal(touched.resumedAfter, 0);
    assert.deepEqual([touched.inserted, touched.updated, touched.removed], [0, 0, 0]);
  });

  test('a newer file of a layer and state replaces it: changed areas updated, areas it no longer has removed', async () => {
    await importBoundaries(pool(), [tigerZip('block')]);
    const dir = folderOf(blocks);
    // The 2025 file of the same state: here the same areas; block 1003 dropped from it.
    for (const ext of ['shp', 'shx', 'dbf', 'prj', 'cpg'])
      copyFileSync(
        path.join(dir, `tl_2024_21_tabblock20.${ext}`),
        path.join(dir, `tl_2025_21_tabblock20.${ext}`),
      );
    for (const ext of ['shp', 'shx', 'dbf', 'prj', 'cpg'])
      rmSync(path.join(dir, `tl_2024_21_tabblock20.${ext}`));
    const newer = await importBoundaries(pool(), [dir]);
    assert.deepEqual([newer.inserted, newer.updated, newer.removed], [0, 4, 0], 'the vintage changed');
    await pool().query(
      "INSERT INTO census_areas SELECT 'block', '211110103009999', grp, '9999', statefp, countyfp, tractce, lsad, name, '2024', min_x, min_y, max_x, max_y, geometry FROM census_areas WHERE geoid = '211110103001003'",
    );
    await pool().query("UPDATE address_point_imports SET status = 'failed'");
    const replaced = await importBoundaries(pool(), [dir], { resume: false });
    assert.deepEqual([replaced.inserted, replaced.updated, replaced.removed], [0, 0, 1]);
    assert.equal(await areas(), 4);
  });
});
