import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ImportInputError } from '../../src/reference-store/import/import-errors.js';
import { importRanges } from '../../src/reference-store/ranges/import-ranges.js';
import { isAddressRangeLocation } from '../../src/reference-store/ranges/range-files.js';
import { type FileServer, startFileServer } from '../helpers/file-server.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { folderOf, RANGES_DIR, rangeZip, TIGER_DIR, tigerZip, unzip } from '../helpers/tiger-fixtures.js';

let server: TestServer;
let files: FileServer;
const pool = () => server.runtime.db.pool;
const count = async (table: string) =>
  Number((await pool().query(`SELECT count(*) FROM ${table}`)).rows[0].count);
const version = async () =>
  Number((await pool().query('SELECT version FROM street_range_version')).rows[0].version);
const lastRun = async () =>
  (
    await pool().query(
      'SELECT status, rows_committed::int AS committed, error, format FROM address_point_imports ORDER BY id DESC LIMIT 1',
    )
  ).rows[0];

/** The Louisville ADDRFEAT fixture's parts, unzipped. */
let feat: Map<string, Buffer>;
const STEM = 'tl_2024_21111_addrfeat';
/** Segments of the fixture, the side ranges read from them, the sides refused. */
const SEGMENTS = 19;
const RANGES = 33;

before(async () => {
  server = await startTestServer({}, { workers: false });
  feat = await unzip(rangeZip('addrfeat'));
  files = await startFileServer({ '/tiger/tl_2024_21111_addrfeat.zip': readFileSync(rangeZip('addrfeat')) });
});
after(async () => {
  await files.close();
  await server.close();
});
beforeEach(() =>
  pool().query(
    'TRUNCATE street_ranges, street_range_names, street_range_areas, street_range_street_names, street_range_staging, address_point_imports',
  ),
);

/** Rejects with an ImportInputError whose message matches every pattern; nothing is stored. */
async function refused(locations: string[], ...patterns: RegExp[]): Promise<void> {
  await assert.rejects(importRanges(pool(), locations, { fetch: { allowPrivate: true } }), (err: Error) => {
    assert.ok(err instanceof ImportInputError, `${err.name}: ${err.message}`);
    for (const p of patterns) assert.match(err.message, p);
    return true;
  });
  assert.equal(await count('street_ranges'), 0, 'nothing imported');
  assert.equal(await count('street_range_names'), 0, 'no alternate names');
}

describe('postroom data import of address ranges (TIGER/Line ADDRFEAT)', () => {
  test('a zip: segments, side ranges, refused ranges counted, coverage and street names', async () => {
    const r = await importRanges(pool(), [rangeZip('addrfeat')]);
    assert.deepEqual(
      r.files.map((f) => [f.kind, f.county, f.vintage, f.records, f.ranges]),
      [['addrfeat', '21111', '2024', SEGMENTS, RANGES]],
    );
    assert.deepEqual(
      [r.segments, r.ranges, r.inserted, r.updated, r.removed],
      [SEGMENTS, RANGES, RANGES, 0, 0],
    );
    assert.deepEqual(r.skipped, { 'range not a number (letters)': 2, 'range with one end blank': 1 });
    const row = (
      await pool().query(
        `SELECT zip, state, city, pre_direction, street_name, street_type, hn_prefix, from_hn, to_hn, parity, side,
                offset_flag, octet_length(line) AS bytes
           FROM street_ranges WHERE street_name = 'NEWBURG' AND side = 'R' AND from_hn = 1900`,
      )
    ).rows;
    assert.deepEqual(row, [
      {
        zip: '40205',
        state: 'KY',
        city: 'LOUISVILLE',
        pre_direction: null,
        street_name: 'NEWBURG',
        street_type: 'RD',
        hn_prefix: '',
        from_hn: 1900,
        to_hn: 1998,
        parity: 'E',
        side: 'R',
        offset_flag: false,
        bytes: 8 * 6,
      },
    ]);
    const fifth = await pool().query(
      "SELECT pre_direction, street_name FROM street_ranges WHERE zip = '40203'",
    );
    assert.deepEqual(fifth.rows[0], { pre_direction: 'S', street_name: '5TH' });
    assert.equal(r.zips, await count('street_range_areas'));
    assert.ok((await count('street_range_street_names')) >= 10);
    assert.equal(await version(), 1);
  });

  test('with ADDRFN and FEATNAMES: each range gets its alternate names; ADDRFN alone is refused', async () => {
    const r = await importRanges(pool(), [rangeZip('addrfeat'), rangeZip('addrfn'), rangeZip('featnames')]);
    assert.deepEqual(
      r.files.map((f) => f.kind),
      ['addrfn', 'addrfeat'],
    );
    const alternates = await pool().query(
      `SELECT DISTINCT n.pre_type, n.street_name FROM street_range_names n JOIN street_ranges r USING (arid)
        WHERE n.street_name <> r.street_name ORDER BY 1, 2`,
    );
    assert.deepEqual(alternates.rows, [
      { pre_type: 'STATE HIGHWAY', street_name: '155' },
      { pre_type: 'US HIGHWAY', street_name: '31E' },
    ]);
    assert.equal(r.alternates.unnamed, 0);
    await pool().query('TRUNCATE street_ranges, street_range_names');
    await refused(
      [rangeZip('addrfn')],
      /tl_2024_21111_addrfn\.dbf: ADDRFN .*import tl_2024_21111_featnames\.zip/,
    );
  });

  test('a hyphenated (Queens-style) range is read as its prefix and the numbers after the hyphen', async () => {
    await importRanges(pool(), [rangeZip('queens')]);
    const rows = await pool().query(
      'SELECT zip, state, street_name, hn_prefix, from_hn, to_hn, parity FROM street_ranges ORDER BY side',
    );
    assert.deepEqual(rows.rows, [
      {
        zip: '11378',
        state: 'NY',
        street_name: '52ND',
        hn_prefix: '68-',
        from_hn: 1,
        to_hn: 99,
        parity: 'O',
      },
      {
        zip: '11378',
        state: 'NY',
        street_name: '52ND',
        hn_prefix: '68-',
        from_hn: 0,
        to_hn: 98,
        parity: 'E',
      },
    ]);
  });

  test('a folder, the parts one by one and a URL all import; the CLI tells ranges from boundaries', async () => {
    const dir = folderOf(feat);
    assert.equal((await importRanges(pool(), [dir])).inserted, RANGES);
    await pool().query('TRUNCATE street_ranges');
    const parts = await importRanges(pool(), [path.join(dir, `${STEM}.shp`), path.join(dir, `${STEM}.dbf`)]);
    assert.equal(parts.inserted, RANGES);
    await pool().query('TRUNCATE street_ranges');
    const url = await importRanges(pool(), [`${files.url}/tiger/${STEM}.zip`], {
      fetch: { allowPrivate: true },
    });
    assert.equal(url.inserted, RANGES);
    assert.equal((await lastRun()).format, 'tiger:addrfeat');
    // Named otherwise, the file is known by its columns (and replaces nothing).
    const renamed = folderOf(new Map([...feat].map(([n, b]) => [n.replace(STEM, 'my-streets'), b])));
    assert.equal(await isAddressRangeLocation(renamed), true);
    const byColumns = await importRanges(pool(), [renamed]);
    assert.deepEqual([byColumns.files[0].county, byColumns.inserted], [null, RANGES]);
    assert.equal(await isAddressRangeLocation(rangeZip('addrfeat')), true);
    assert.equal(await isAddressRangeLocation(RANGES_DIR), true);
    assert.equal(
      await isAddressRangeLocation(
        'https://www2.census.gov/geo/tiger/TIGER2024/ADDRFEAT/tl_2024_21111_addrfeat.zip',
      ),
      true,
    );
    assert.equal(await isAddressRangeLocation(tigerZip('tract')), false);
    assert.equal(await isAddressRangeLocation(TIGER_DIR), false);
  });
});

describe('address ranges: bad files are refused whole, naming the file', () => {
  test('a .dbf without its .shp, in a folder and named alone', async () => {
    const alone = folderOf({ [`${STEM}.dbf`]: feat.get(`${STEM}.dbf`)! });
    await refused([alone], /tl_2024_21111_addrfeat\.dbf: no tl_2024_21111_addrfeat\.shp beside it/);
    await refused([path.join(alone, `${STEM}.dbf`)], /tl_2024_21111_addrfeat\.dbf: no .*\.shp beside it/);
  });

  test('wrong columns: a tract shapefile named as ADDRFEAT; polygons where lines belong', async () => {
    const tract = await unzip(tigerZip('tract'));
    const misnamed = folderOf(new Map([...tract].map(([n, b]) => [n.replace('tl_2024_21_tract', STEM), b])));
    await refused(
      [misnamed],
      /tl_2024_21111_addrfeat\.dbf: wrong columns for a TIGER\/Line ADDRFEAT file: no TLID, FULLNAME, LFROMHN/,
      /its columns: STATEFP, COUNTYFP, TRACTCE/,
    );
    const polygons = new Map(feat);
    polygons.set(`${STEM}.shp`, tract.get('tl_2024_21_tract.shp')!);
    await refused(
      [folderOf(polygons)],
      /tl_2024_21111_addrfeat\.shp: a shapefile of polygons; address range features are lines/,
    );
  });

  test('a zip of something else, named as ADDRFEAT', async () => {
    const other = folderOf({
      [`${STEM}.zip`]: readFileSync(path.resolve(TIGER_DIR, '../import/oa-collection.zip')),
    });
    await refused(
      [path.join(other, `${STEM}.zip`)],
      /tl_2024_21111_addrfeat\.zip: no shapefile in it \(found /,
    );
  });

  test('a cut file: the .shp, the .dbf; the run is recorded as failed and nothing is visible', async () => {
    const shp = feat.get(`${STEM}.shp`)!;
    for (const cut of [shp.length - 30, 100 + 8 + 20]) {
      const parts = new Map(feat);
      parts.set(`${STEM}.shp`, shp.subarray(0, cut));
      await refused([folderOf(parts)], /tl_2024_21111_addrfeat\.shp: the file is cut short/);
      const run = await lastRun();
      assert.deepEqual([run.status, run.format], ['failed', 'tiger:addrfeat']);
    }
    const dbf = feat.get(`${STEM}.dbf`)!;
    const cutDbf = new Map(feat);
    cutDbf.set(`${STEM}.dbf`, dbf.subarray(0, dbf.length - 300));
    await refused([folderOf(cutDbf)], /tl_2024_21111_addrfeat\.dbf: the file is cut short/);
  });
});

describe('address ranges: re-runs', () => {
  test('a second import changes nothing, not even the version', async () => {
    const locations = [rangeZip('addrfeat'), rangeZip('addrfn'), rangeZip('featnames')];
    await importRanges(pool(), locations);
    const before = await version();
    const again = await importRanges(pool(), locations);
    assert.deepEqual([again.inserted, again.updated, again.removed], [0, 0, 0]);
    assert.deepEqual(again.alternates, { added: 0, removed: 0, unnamed: 0 });
    assert.equal(await version(), before);
  });

  test('an interrupted import leaves nothing visible; the same command again resumes after what it staged', async () => {
    const dir = folderOf(feat);
    await assert.rejects(
      importRanges(pool(), [dir], {
        chunkRecords: 4,
        progress: {
          update: (state) => {
            if (state.rows === 12) throw new Error('killed');
          },
          done() {},
        },
      }),
      /killed/,
    );
    assert.equal(await count('street_ranges'), 0, 'nothing half-imported');
    const staged = await count('street_range_staging');
    assert.ok(staged > 0, 'chunks were staged');
    const failed = await lastRun();
    assert.equal(failed.status, 'failed');
    assert.ok(failed.committed > 0);
    const again = await importRanges(pool(), [dir]);
    assert.equal(again.resumedAfter, failed.committed);
    assert.equal(again.inserted, RANGES);
    assert.equal(await count('street_range_staging'), 0);
  });

  test('a range read twice in one new county file is stored once, as read last', async () => {
    // The .dbf's second record made a copy of its first (same TLID, sides and ARIDs), with its
    // own line in the .shp: each of the first record's ranges is staged twice, the second last.
    const dbfName = `${STEM}.dbf`;
    const dbf = Buffer.from(feat.get(dbfName)!);
    const headerLength = dbf.readUInt16LE(8);
    const recordLength = dbf.readUInt16LE(10);
    const tlidOf = (record: number) => dbfField(dbf, record, 'TLID');
    const [first, second] = [tlidOf(0), tlidOf(1)];
    const lineOf = async (tlid: string) =>
      (await pool().query('SELECT DISTINCT line FROM street_ranges WHERE tlid = $1', [tlid])).rows.map((r) =>
        r.line.toString('hex'),
      );
    await importRanges(pool(), [folderOf(feat)]);
    const secondLine = await lineOf(second);
    assert.equal(secondLine.length, 1, 'the second record has ranges');
    assert.ok((await lineOf(first)).length === 1, 'the first record has ranges');
    await pool().query(
      'TRUNCATE street_ranges, street_range_areas, street_range_street_names, address_point_imports',
    );

    dbf.copy(dbf, headerLength + recordLength, headerLength, headerLength + recordLength);
    const result = await importRanges(pool(), [folderOf(new Map([...feat, [dbfName, dbf]]))]);
    assert.equal(result.updated, 0);
    assert.equal(await count('street_ranges'), result.inserted);
    assert.deepEqual(await lineOf(first), secondLine, "the first record's ranges with the line read last");
    assert.deepEqual(await lineOf(second), [], 'the second TLID is gone from the file');
    assert.equal(await count('street_range_staging'), 0);
  });

  test("another import's staged ranges are left as they are when a run's staging is cleared", async () => {
    await importRanges(pool(), [rangeZip('addrfeat')]);
    // A run of another source, staged and not yet merged.
    await pool().query(
      `INSERT INTO street_range_staging SELECT 999999, 1, county, range_key, tlid, side, arid, zip, state, city,
         pre_direction, pre_type, street_name, street_type, post_direction, hn_prefix, from_hn, to_hn, parity,
         offset_flag, plus4, line, vintage FROM street_ranges LIMIT 1`,
    );
    await pool().query(
      'TRUNCATE street_ranges, street_range_areas, street_range_street_names, address_point_imports',
    );
    const again = await importRanges(pool(), [rangeZip('addrfeat')]);
    assert.equal(again.inserted, RANGES);
    const left = await pool().query('SELECT run_id::int AS run FROM street_range_staging');
    assert.deepEqual(
      left.rows.map((r) => r.run),
      [999999],
    );
  });

  test('a newer file of the county replaces it: ranges it no longer has are removed', async () => {
    await importRanges(pool(), [rangeZip('addrfeat')]);
    const dir = folderOf(new Map([...feat].map(([n, b]) => [n.replace('tl_2024_', 'tl_2025_'), b])));
    const newer = await importRanges(pool(), [dir]);
    assert.deepEqual([newer.inserted, newer.updated, newer.removed], [0, RANGES, 0], 'the vintage changed');
    await pool().query(
      `INSERT INTO street_ranges SELECT county, 'gone', tlid, side, arid, zip, state, city, pre_direction, pre_type,
         street_name, street_type, post_direction, hn_prefix, from_hn, to_hn, parity, offset_flag, plus4, line, vintage
         FROM street_ranges LIMIT 1`,
    );
    await pool().query("UPDATE address_point_imports SET status = 'failed'");
    const replaced = await importRanges(pool(), [dir], { resume: false });
    assert.deepEqual([replaced.inserted, replaced.updated, replaced.removed], [0, 0, 1]);
    assert.equal(await count('street_ranges'), RANGES);
  });
});

/** A character field of a .dbf record, trimmed (dBASE III: 32-byte field descriptors after the header). */
function dbfField(dbf: Buffer, record: number, name: string): string {
  const headerLength = dbf.readUInt16LE(8);
  const recordLength = dbf.readUInt16LE(10);
  let offset = 1; // the deletion flag
  for (let at = 32; dbf[at] !== 0x0d; at += 32) {
    const length = dbf[at + 16];
    if (dbf.toString('latin1', at, at + 11).replace(/\0.*$/, '') === name) {
      const start = headerLength + record * recordLength + offset;
      return dbf.toString('latin1', start, start + length).trim();
    }
    offset += length;
  }
  throw new Error(`no field ${name}`);
}
