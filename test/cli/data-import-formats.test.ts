import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { type FileServer, startFileServer } from '../helpers/file-server.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let server: TestServer;
let files: FileServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'import-formats', product: 'addver' });
  files = await startFileServer({
    '/oa-louisville.csv': fixture('oa-louisville.csv'),
    '/oa-berlin.geojsonl': fixture('oa-berlin.geojsonl'),
    '/de/be/berlin-addresses-city.geojson.gz': gzipSync(fixture('oa-berlin.geojsonl')),
    '/oa-louisville.csv.gz': gzipSync(fixture('oa-louisville.csv')),
    '/collection.zip': fixture('oa-collection.zip'),
    '/nad-columbus.txt': fixture('nad-columbus.txt'),
    '/NAD_sample_TXT.zip': fixture('nad-columbus.zip'),
  });
});
after(async () => {
  await files.close();
  await server.close();
});

const pool = () => server.runtime.db.pool;
const fromUrl = (file: string, options: Parameters<typeof importPoints>[2] = {}) =>
  importPoints(pool(), `${files.url}${file}`, { ...options, fetch: { allowPrivate: true } });

beforeEach(() => pool().query('TRUNCATE address_points, address_point_areas, address_point_imports'));

interface StoredPoint {
  country: string;
  state: string;
  zip: string;
  city: string;
  number: string;
  street: string;
  unit: string | null;
  source_id: string | null;
}

async function stored(): Promise<StoredPoint[]> {
  const res = await pool().query<StoredPoint>(
    `SELECT country, state, zip, city, number,
            concat_ws(' ', pre_direction, pre_type, street_name, street_type, post_direction) AS street,
            nullif(concat_ws(' ', unit_designator, unit_id), '') AS unit, source_id
       FROM address_points`,
  );
  // Sorted here, not by the database's collation: the same order on every machine.
  return res.rows.sort((a, b) => (line(a) < line(b) ? -1 : line(a) > line(b) ? 1 : 0));
}

const line = (p: StoredPoint) =>
  `${p.country} ${p.state} ${p.zip} ${p.city} | ${p.number} ${p.street}${p.unit ? ` ${p.unit}` : ''}`;

describe('postroom data import: formats served over HTTP', () => {
  test('OpenAddresses CSV: points land standardized, US and KY (from the ZIP where REGION is empty); a re-run adds nothing', async () => {
    const first = await fromUrl('/oa-louisville.csv');
    assert.equal(first.rows, 7);
    assert.equal(first.inserted, 6);
    assert.deepEqual(first.skipped, { 'no number': 1 });
    assert.deepEqual(first.entries, [{ name: 'oa-louisville.csv', format: 'csv' }]);
    assert.deepEqual((await stored()).map(line), [
      'US KY 40203 LOUISVILLE | 945 S 5TH ST',
      'US KY 40203 LOUISVILLE | 951 S 5TH ST',
      'US KY 40205 LOUISVILLE | 1920 NEWBURG RD',
      'US KY 40205 LOUISVILLE | 1924 NEWBURG RD',
      'US KY 40205 LOUISVILLE | 1930 NEWBURG RD APT 2',
      'US KY 40205 LOUISVILLE | 2221 WADSWORTH AVE',
    ]);

    const again = await fromUrl('/oa-louisville.csv');
    assert.equal(again.rows, 7);
    assert.equal(again.inserted, 0);
    assert.equal((await stored()).length, 6);
    const runs = await pool().query('SELECT status, inserted::int FROM address_point_imports ORDER BY id');
    assert.deepEqual(runs.rows, [
      { status: 'complete', inserted: 6 },
      { status: 'complete', inserted: 0 },
    ]);

    // The verifier uses them at once: a unit only the imported point knows is confirmed.
    const res = await server.request('POST', '/v1/addver/verifications', {
      key,
      json: {
        address: {
          line1: '1930 Newburg Rd Apt 2',
          city: 'Louisville',
          provinceOrState: 'KY',
          postalOrZip: '40205',
          country: 'us',
        },
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.status, 'verified');
    assert.equal(res.body.data.line1, '1930 NEWBURG RD APT 2');
  });

  test('gzipped CSV: the same points as the plain file', async () => {
    const result = await fromUrl('/oa-louisville.csv.gz');
    assert.equal(result.inserted, 6);
    assert.equal(result.entries[0].name, 'oa-louisville.csv');
    assert.equal((await stored()).length, 6);
  });

  test('OpenAddresses GeoJSON lines with --country: German points, the street kept whole, region as given', async () => {
    const result = await fromUrl('/oa-berlin.geojsonl', { country: 'de' });
    assert.equal(result.rows, 5);
    assert.equal(result.inserted, 4);
    assert.deepEqual(result.skipped, { 'no number': 1 });
    assert.deepEqual(result.entries, [{ name: 'oa-berlin.geojsonl', format: 'geojson', country: 'DE' }]);
    const points = await stored();
    assert.deepEqual(points.map(line), [
      'DE  10243 BERLIN | 70 KARL-MARX-ALLEE',
      'DE BE 10117 BERLIN | 1 UNTER DEN LINDEN',
      'DE BE 10117 BERLIN | 43 FRIEDRICHSTRASSE',
      'DE BE 10117 BERLIN | 5 UNTER DEN LINDEN',
    ]);
    assert.equal(points.find((p) => p.number === '43')?.source_id, 'de-3');
    const areas = await pool().query(
      "SELECT zip, points::int FROM address_point_areas WHERE country = 'DE' ORDER BY zip",
    );
    assert.deepEqual(areas.rows, [
      { zip: '10117', points: 3 },
      { zip: '10243', points: 1 },
    ]);
    // The standard (US/CA) autocomplete does not offer them.
    const res = await server.request('GET', '/v1/addver/completions?partialStreet=1%20unter', { key });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, []);
  });

  test('gzipped GeoJSON at an OpenAddresses path: country and region from the path', async () => {
    const result = await fromUrl('/de/be/berlin-addresses-city.geojson.gz');
    assert.equal(result.inserted, 4);
    assert.deepEqual(result.entries, [
      { name: 'de/be/berlin-addresses-city.geojson', format: 'geojson', country: 'DE', region: 'BE' },
    ]);
    // The record without a region takes the path's.
    assert.ok((await stored()).every((p) => p.country === 'DE' && p.state === 'BE'));
  });

  test('a zip collection: each member by its own format and path; a README and a .vrt passed over', async () => {
    const result = await fromUrl('/collection.zip');
    assert.deepEqual(result.entries, [
      { name: 'us/ky/louisville.csv', format: 'csv', country: 'US', region: 'KY' },
      { name: 'de/berlin.geojson', format: 'geojson', country: 'DE' },
    ]);
    assert.deepEqual(result.passedOver, ['README.txt']);
    assert.equal(result.rows, 12);
    assert.equal(result.inserted, 10);
    const byCountry = await pool().query(
      'SELECT country, count(*)::int AS n FROM address_points GROUP BY country ORDER BY country',
    );
    assert.deepEqual(byCountry.rows, [
      { country: 'DE', n: 4 },
      { country: 'US', n: 6 },
    ]);
  });

  test('NAD text: number, street and unit from the parts a row fills; "Not stated" places skipped; ZIPs that lost a zero', async () => {
    const result = await fromUrl('/nad-columbus.txt');
    assert.equal(result.rows, 6);
    assert.equal(result.inserted, 5);
    assert.deepEqual(result.skipped, { 'no number': 1 });
    assert.deepEqual(result.entries, [{ name: 'nad-columbus.txt', format: 'nad', country: 'US' }]);
    const points = await stored();
    assert.deepEqual(points.map(line), [
      'US ME 04294 WILTON | 12 MAIN ST',
      'US OH 43215 COLUMBUS | 215 A N HIGH ST',
      'US OH 43215 COLUMBUS | 45 W BROAD ST',
      'US OH 43215 COLUMBUS | 50 W BROAD ST APT 3',
      'US OH 43215 COLUMBUS | 90 W BROAD ST',
    ]);
    assert.equal(points.find((p) => p.number === '90')?.source_id, '1b4e28ba-2fa1-11d2-883f-0016d3cca401');
  });

  test('NAD zipped as published: the text member read, Schema.ini passed over; the same points again add nothing', async () => {
    const result = await fromUrl('/NAD_sample_TXT.zip');
    assert.equal(result.inserted, 5);
    assert.deepEqual(
      result.entries.map((e) => [e.name, e.format]),
      [['TXT/NAD_sample.txt', 'nad']],
    );
    const plain = await fromUrl('/nad-columbus.txt');
    assert.equal(plain.inserted, 0);
  });

  test('NAD delivery fields: Plus_4 (padded, or from a ZIP+4 Zip_Code), Addr_Type, DeliverTyp, Lifecycle, Placement, Post_City, Urbnztn_PR kept with each point; a retired point not stored', async () => {
    const result = await importPoints(pool(), path.join(FIXTURES, 'nad-delivery.txt'));
    assert.equal(result.rows, 8);
    assert.equal(result.inserted, 7);
    assert.deepEqual(result.skipped, { 'retired (NAD Lifecycle)': 1 });
    const res = await pool().query(
      `SELECT number, unit_id, plus4, address_type, delivery_type, lifecycle, placement, post_city, urbanization
         FROM address_points ORDER BY zip, number, unit_id`,
    );
    assert.deepEqual(
      res.rows.map((r) =>
        Object.values(r)
          .map((v) => v ?? '-')
          .join('|'),
      ),
      [
        '150|-|2112|Residential|-|Current|Structure - Rooftop|SAN JUAN|LAS GLADIOLAS',
        '10434|-|3806|Residential|Subaddress Excluded|Current|Structure - Rooftop|JEFFERSONTOWN|-',
        // Plus_4 "30" lost its leading zeros as a number; Addr_Type Unknown and Post_City "Not stated" say nothing.
        '10500|-|0030|-|-|Current|Parcel - Centroid|-|-',
        '215|1|6101|Residential|Subaddress Included|Current|Structure - Rooftop|COLUMBUS|-',
        '215|2|6102|Residential|Subaddress Included|Current|Structure - Rooftop|COLUMBUS|-',
        // No Plus_4: the add-on from a Zip_Code given as 43215-2915.
        '5|-|2915|Industrial|-|Current|Site|COLUMBUS|-',
        '77|-|3413|Commercial|Subaddress Excluded|Current|Structure - Rooftop|COLUMBUS|-',
      ],
    );
    // An OpenAddresses file carries none of them.
    await fromUrl('/oa-louisville.csv');
    const oa = await pool().query(
      `SELECT count(*)::int AS n FROM address_points WHERE source = 'oa-louisville.csv'
          AND num_nonnulls(plus4, address_type, delivery_type, lifecycle, placement, post_city, urbanization) > 0`,
    );
    assert.equal(oa.rows[0].n, 0);
  });

  test('a local file works as before, and --format overrides the sniffing', async () => {
    const result = await importPoints(pool(), path.join(FIXTURES, 'nad-columbus.txt'), { format: 'nad' });
    assert.equal(result.inserted, 5);
    assert.equal(result.entries[0].format, 'nad');
  });
});
