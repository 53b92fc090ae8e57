import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  type AreaFilter,
  areaFilter,
  completeAddress,
  MemoryCompletions,
  trigrams,
} from '../../src/engines/address/complete/index.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { PgCompletions } from '../../src/reference-store/pg-completions.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/completion-points.csv');
let server: TestServer;

before(async () => {
  server = await startTestServer({}, { workers: false });
  await importPoints(server.runtime.db.pool, FIXTURE);
});
after(() => server.close());

const INPUTS = [
  '1',
  '19',
  '1920 ',
  '1920 m',
  '1920 main st',
  'newb',
  '1922 newburg rd',
  '1920 newbrug',
  '601 van ness ave #',
];
const FILTERS = [
  {},
  { stateFilter: 'KY' },
  { countryFilter: 'CA' },
  { pcFilter: '402' },
  { cityFilter: 'lex' },
  { cityFilter: 'louisville', filterExact: true },
  { cityFilter: 'maspeth' },
];

async function answers(source: PgCompletions | MemoryCompletions, filter: AreaFilter, input: string) {
  const found = await completeAddress(source, { partialStreet: input, filter, limit: 10 });
  return found.map((c) => `${c.kind} ${c.line} ${c.point.zip}`);
}

test('ZIP by ZIP (narrow filter) and along the global indexes (wide filter) give the same answers', async () => {
  const pool = server.runtime.db.pool;
  const scoped = new PgCompletions(pool);
  const global = new PgCompletions(pool, { scopeMaxZips: 0 });
  let compared = 0;
  for (const typed of FILTERS) {
    const filter = areaFilter(typed) as AreaFilter;
    for (const input of INPUTS) {
      const a = await answers(scoped, filter, input);
      const b = await answers(global, filter, input);
      assert.deepEqual(a, b, `${input} ${JSON.stringify(typed)}`);
      compared += a.length;
    }
  }
  assert.ok(compared > 50, `the comparisons found addresses (${compared})`);
});

test('the store answers as the in-memory reference does', async () => {
  const pool = server.runtime.db.pool;
  const store = new PgCompletions(pool);
  const rows = await pool.query(
    `SELECT zip, state, city, number, pre_direction, street_name, street_type, post_direction,
            unit_designator, unit_id, lat, lon FROM address_points`,
  );
  const memory = new MemoryCompletions(
    rows.rows.map((r) => ({
      zip: r.zip,
      state: r.state,
      city: r.city,
      number: r.number,
      street: {
        ...(r.pre_direction ? { preDirection: r.pre_direction } : {}),
        name: r.street_name,
        ...(r.street_type ? { type: r.street_type } : {}),
        ...(r.post_direction ? { postDirection: r.post_direction } : {}),
      },
      ...(r.unit_designator ? { unitDesignator: r.unit_designator } : {}),
      ...(r.unit_id ? { unitId: r.unit_id } : {}),
      lat: r.lat,
      lon: r.lon,
    })),
  );
  for (const input of INPUTS)
    assert.deepEqual(await answers(store, {}, input), await answers(memory, {}, input), input);
});

test('a new import is seen: coverage weights and scopes reload when the coverage changes', async () => {
  const pool = server.runtime.db.pool;
  const store = new PgCompletions(pool, { recheckMs: 0 });
  const filter = areaFilter({ cityFilter: 'Bardstown' }) as AreaFilter;
  assert.deepEqual(await answers(store, filter, '1920 '), []);
  await pool.query(`INSERT INTO address_points (record_hash, source, zip, state, city, number, street_name, street_type, lat, lon)
    VALUES (decode(md5('bardstown-1'), 'hex'), 'test', '40004', 'KY', 'BARDSTOWN', '1920', 'NEWBURG', 'RD', 37.8, -85.4)`);
  await pool.query(
    `INSERT INTO address_point_areas (zip, state, city, points) VALUES ('40004', 'KY', 'BARDSTOWN', 1)`,
  );
  assert.deepEqual(await answers(store, filter, '1920 '), ['point 1920 NEWBURG RD 40004']);
  const names = await pool.query("SELECT points FROM address_street_names WHERE name = 'NEWBURG'");
  assert.equal(Number(names.rows[0].points), 5, 'the trigger counted the new point');
});

test("the typo search's trigrams are pg_trgm's", async () => {
  const pool = server.runtime.db.pool;
  const names = (await pool.query<{ name: string }>('SELECT name FROM address_street_names')).rows.map(
    (r) => r.name,
  );
  const odd = ["ST. JOHN'S", '5TH', 'O’BRIEN-SMITH', 'AVENIDA DE LA ÑUSTA', 'AAAA'];
  for (const name of [...names, ...odd]) {
    const pg = (await pool.query<{ t: string[] }>('SELECT show_trgm($1) AS t', [name])).rows[0].t;
    // pg_trgm shows a trigram with a non-ASCII letter as a hash: those are compared by count.
    if (/^[\x00-\x7f]*$/.test(name)) assert.deepEqual(trigrams(name).sort(), [...pg].sort(), name);
    else assert.equal(trigrams(name).length, pg.length, name);
  }
  assert.ok(names.length > 5, 'the fixture has street names');
});

test('a street imported later: found as typed at once, and a typo away once the names have reloaded', async () => {
  const pool = server.runtime.db.pool;
  const store = new PgCompletions(pool, { recheckMs: 0 });
  assert.deepEqual(await answers(store, {}, '7 zanzibra'), [], 'the names are loaded, without ZANZIBAR');
  await pool.query(`INSERT INTO address_points (record_hash, source, zip, state, city, number, street_name, street_type, lat, lon)
    VALUES (decode(md5('zanzibar-7'), 'hex'), 'test', '40013', 'KY', 'DEATSVILLE', '7', 'ZANZIBAR', 'RD', 37.9, -85.5)`);
  await pool.query(
    `INSERT INTO address_point_areas (zip, state, city, points) VALUES ('40013', 'KY', 'DEATSVILLE', 1)`,
  );
  // The names held are older than the coverage, so they cannot rule the prefix read out.
  assert.deepEqual(await answers(store, {}, '7 zanzibar'), ['point 7 ZANZIBAR RD 40013']);
  // The typo search answers from the names held until the new ones have loaded.
  let found: string[] = [];
  for (let tries = 0; tries < 100 && !found.length; tries++) {
    found = await answers(store, {}, '7 zanzibra');
    if (!found.length) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.deepEqual(found, ['point 7 ZANZIBAR RD 40013']);
});

test('a house number typed alone is read once per coverage; anything with a street is read every time', async () => {
  const pool = server.runtime.db.pool;
  let reads = 0;
  const counted = {
    query: ((...args: Parameters<typeof pool.query>) => {
      reads++;
      return (pool.query as (...a: unknown[]) => unknown)(...args);
    }) as typeof pool.query,
  };
  const store = new PgCompletions(counted, { recheckMs: 60_000 });
  const first = await answers(store, {}, '19');
  const before = reads;
  assert.deepEqual(await answers(store, {}, '19'), first);
  assert.equal(reads, before, 'the second "19" is answered from memory');
  assert.ok(first.length > 0);
  await answers(store, {}, '1920 n');
  await answers(store, {}, '1920 n');
  assert.equal(reads, before + 2, 'a number and a street are read each time');
});

test('a remembered number read gives way to a new coverage', async () => {
  const pool = server.runtime.db.pool;
  const store = new PgCompletions(pool, { recheckMs: 0 });
  assert.deepEqual(await answers(store, {}, '8888'), []);
  await pool.query(`INSERT INTO address_points (record_hash, source, zip, state, city, number, street_name, street_type, lat, lon)
    VALUES (decode(md5('quux-8888'), 'hex'), 'test', '40014', 'KY', 'CRESTWOOD', '8888', 'QUUX', 'RD', 38.3, -85.4)`);
  await pool.query(
    `INSERT INTO address_point_areas (zip, state, city, points) VALUES ('40014', 'KY', 'CRESTWOOD', 1)`,
  );
  assert.deepEqual(await answers(store, {}, '8888'), ['point 8888 QUUX RD 40014']);
});
