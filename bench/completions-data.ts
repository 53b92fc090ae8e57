/**
 * Data for bench/completions.ts: synthetic points at scale (written by SQL, not the CSV
 * importer: 10M rows through the importer take 20+ minutes on this machine), and the
 * keystrokes a user makes typing real addresses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Pool } from '../src/db/pool.js';
import { usZipIndex } from '../src/engines/address/reference/us-zips.js';
import { referenceStreet } from '../src/engines/address/verify/street-form.js';
import { settleAfterImport } from '../src/reference-store/import/import.repo.js';
import { REF, random } from './verify-data.js';

/** Bumped whenever addSyntheticPoints changes what it writes (--reuse checks it). */
export const SYNTHETIC_VERSION = 1;

/** Points per synthetic street (one street in one ZIP): a few blocks of houses. */
const PER_STREET = 40;

const realStreets = () =>
  ['us-ky-louisville-points.csv', 'us-ny-nyc-points.csv'].flatMap((f) =>
    (parse(readFileSync(path.join(REF, f)), { columns: true }) as Array<{ street: string }>).map(
      (r) => r.street,
    ),
  );

/**
 * Street names: the real ones from the reference files, then two-word names made of their
 * words ("ELLIOTT WASHBURN") up to `count`, so the names table (and its typo search) is as
 * large as a real region's. Each street draws a name with a skew towards the first ones, so
 * a few names (the real ones) are everywhere, like MAIN and OAK.
 */
function streetNames(count: number): string[] {
  const real = [...new Set(realStreets().map((s) => referenceStreet(s).name))];
  const words = [...new Set(real.flatMap((n) => n.split(' ')).filter((w) => /^[A-Z]{3,}$/.test(w)))];
  const names = new Set(real);
  const rnd = random(23);
  while (names.size < count)
    names.add(`${words[Math.floor(rnd() * words.length)]} ${words[Math.floor(rnd() * words.length)]}`);
  return [...names];
}

/**
 * Adds about `count` synthetic points: streets of PER_STREET houses spread over every US ZIP,
 * names skewed as above, a quarter with a direction. Indexes other than the key are dropped
 * during the load and rebuilt after (much faster than maintaining them row by row), then the
 * coverage table is refreshed as the importer would. Deterministic (hash-based, no random()).
 */
export async function addSyntheticPoints(pool: Pool, count: number, log: (s: string) => void): Promise<void> {
  const zips = [...usZipIndex().byZip.values()].filter((z) => !z.military);
  const names = streetNames(Math.max(5000, Math.round(count / 30)));
  const client = await pool.connect();
  try {
    await client.query(
      'CREATE TEMP TABLE bench_zips (i int, zip text, state text, city text, lat float8, lon float8)',
    );
    await client.query(
      `INSERT INTO bench_zips SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])`,
      [
        zips.map((_, i) => i),
        zips.map((z) => z.zip),
        zips.map((z) => z.state),
        zips.map((z) => z.city.toUpperCase()),
        zips.map((z) => z.lat),
        zips.map((z) => z.lon),
      ],
    );
    await client.query('CREATE TEMP TABLE bench_names (i int, name text)');
    await client.query('INSERT INTO bench_names SELECT * FROM unnest($1::int[], $2::text[])', [
      names.map((_, i) => i),
      names,
    ]);
    await client.query(
      'CREATE INDEX ON bench_zips (i); CREATE INDEX ON bench_names (i); ANALYZE bench_zips, bench_names',
    );
    const indexes = (
      await client.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'address_points'
          AND schemaname = current_schema() AND indexname <> 'address_points_pkey'`,
      )
    ).rows as Array<{ indexname: string; indexdef: string }>;
    for (const ix of indexes) await client.query(`DROP INDEX ${ix.indexname}`);
    const streets = Math.ceil(count / PER_STREET);
    const chunk = 25_000;
    const started = Date.now();
    for (let from = 0; from < streets; from += chunk) {
      await client.query(INSERT_STREETS, [
        from,
        Math.min(streets, from + chunk) - 1,
        zips.length,
        names.length,
        PER_STREET,
      ]);
      const done = Math.min(streets, from + chunk) * PER_STREET;
      log(
        `  synthetic ${done.toLocaleString()} / ${count.toLocaleString()} (${Math.round(done / ((Date.now() - started) / 1000))} rows/s)`,
      );
    }
    for (const ix of indexes) {
      const t = Date.now();
      await client.query(ix.indexdef);
      log(`  index ${ix.indexname}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
    await client.query(`INSERT INTO address_point_areas (zip, state, city, points)
      SELECT zip, state, city, count(*) FROM address_points GROUP BY zip, state, city
      ON CONFLICT (zip, state, city) DO UPDATE SET points = EXCLUDED.points`);
    await settleAfterImport(client);
  } finally {
    client.release();
  }
}

/** Streets $1..$2; h(x) is a 31-bit hash standing in for a seeded random number. */
const INSERT_STREETS = `
  WITH s AS (
    SELECT s, hashint4(s) & 2147483647 AS h1, hashint4(s * 31 + 7) & 2147483647 AS h2
      FROM generate_series($1::int, $2::int) s
  ), street AS (
    SELECT s.s, z.zip, z.state, z.city, z.lat, z.lon, n.name,
           (ARRAY['ST','AVE','RD','DR','LN','CT','BLVD','WAY','PL','CIR'])[1 + s.h2 % 10] AS type,
           (ARRAY[NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'N','S','E','W'])[1 + (s.h2 / 10) % 16] AS dir,
           100 + (s.h1 % 90) * 100 AS base
      FROM s
      JOIN bench_zips z ON z.i = s.h1 % $3
      JOIN bench_names n ON n.i = floor($4 * power((s.h2 % 1000003) / 1000003.0, 3))::int
  )
  INSERT INTO address_points (record_hash, source, zip, state, city, number, pre_direction, street_name,
                              street_type, lat, lon)
  SELECT decode(md5(st.zip || '|' || (st.base + 4 * k) || '|' || coalesce(st.dir, '') || '|' || st.name || '|' || st.type), 'hex'),
         'bench-synthetic', st.zip, st.state, st.city, (st.base + 4 * k)::text, st.dir, st.name, st.type,
         st.lat + ((st.s % 200) - 100) / 10000.0 + k / 100000.0, st.lon + ((st.s / 200 % 200) - 100) / 10000.0
    FROM street st CROSS JOIN generate_series(0, $5::int - 1) k
  ON CONFLICT (record_hash) DO NOTHING`;

export type Keystroke = { text: string; kind: 'number' | 'street' | 'typo' };

/**
 * What users send while typing: every prefix of each address ("1", "19", "192", "1920",
 * "1920 ", "1920 N", ...), in mixed case; for every fifth address, the street name with two
 * letters swapped (from the swap on). `sample` rows come from the store.
 */
export function keystrokes(sample: Array<{ number: string; street: string }>): Keystroke[] {
  const out: Keystroke[] = [];
  sample.forEach((a, i) => {
    let street = a.street;
    let typoAt = -1;
    if (i % 5 === 4) {
      const letters = [...street.matchAll(/[A-Z]{5,}/g)][0];
      if (letters?.index !== undefined) {
        const at = letters.index + 2;
        street = street.slice(0, at) + street[at + 1] + street[at] + street.slice(at + 2);
        typoAt = a.number.length + 1 + at;
      }
    }
    const full = `${a.number} ${street}`.toLowerCase();
    for (let n = 1; n <= full.length; n++) {
      const text = full.slice(0, n);
      const kind = typoAt >= 0 && n > typoAt + 1 ? 'typo' : n <= a.number.length ? 'number' : 'street';
      out.push({ text, kind });
    }
  });
  return out;
}
