/**
 * International autocomplete previews over one large country:
 *   node --import tsx bench/intl-completions.ts [--points 1000000] [--reuse] [--seconds 20]
 *                                               [--concurrency 4]
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). N
 * synthetic GB points (50,000-odd streets of made-up names in 400 towns, 20 numbers each per
 * million) go into `postroom_bench_intl_complete`; `--reuse` keeps them when it already
 * holds what this run would load.
 *
 * Measures, in a closed loop of `--concurrency` callers through the route's own read
 * (previewPoints + previewsOf, countriesFilter=GB): every keystroke of 600 addresses sampled
 * from the store, typed number first ("12 H", "12 HA"...), a third typed street only, and a
 * fifth with two letters of the street swapped (the typo fallback, from the swap on):
 * previews/s, p50/p99 latency, CPU per preview (this process + its PostgreSQL backends).
 */
import { previewPoints } from '../src/api/intl-addver/preview-points.js';
import type { Pool } from '../src/db/pool.js';
import { previewsOf } from '../src/engines/address/intl/index.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';
import { closedLoop, report } from './support/closed-loop.js';

const points = Number(arg('points', '1000000'));
const seconds = Number(arg('seconds', '20'));
const concurrency = Number(arg('concurrency', '4'));
const DB = 'postroom_bench_intl_complete';
const content = `synthetic GB ${points} v1`;
const NUMBERS_PER_STREET = 20;

/** Made-up street names from three syllables and a type: 8,000 names per type, like a country's variety. */
const SYLLABLES = `ARLE BER CAR DEN ELM FOR GRAN HAM INGS KEN LEY MOR NOR OAK PEN RID SAL TON WEL WICK`;
const TYPES = `STREET ROAD LANE AVENUE CLOSE DRIVE WAY GARDENS CRESCENT GROVE`;

const prepare = () =>
  benchDatabase(
    DB,
    content,
    { max: concurrency + 2, applicationName: 'bench-intl-complete' },
    async (pool) => {
      await pool.query('TRUNCATE address_points, address_point_areas');
      const t = Date.now();
      const streets = Math.ceil(points / NUMBERS_PER_STREET);
      await pool.query(
        `WITH w AS (SELECT string_to_array($2, ' ') AS syl, string_to_array($3, ' ') AS typ)
     INSERT INTO address_points (record_hash, source, country, zip, state, city, number, street_name, lat, lon)
     SELECT decode(md5('bench-intl-' || s || '-' || n), 'hex'), 'bench-intl', 'GB',
            'B' || (10 + s % 90) || ' ' || (n % 9) || 'AA', 'ENGLAND', 'TOWN ' || (s % 400), n::text,
            syl[1 + s % 20] || syl[1 + (s / 20) % 20] || syl[1 + (s / 400) % 20] || ' '
              || typ[1 + (s / 8000) % 10],
            51 + (s % 1000) / 1000.0, -1 + n / 1000.0
       FROM w, generate_series(0, $1 - 1) s, generate_series(1, ${NUMBERS_PER_STREET}) n`,
        [streets, SYLLABLES, TYPES],
      );
      // The insert trigger (migration 0044) lists the street names for the typo search.
      await pool.query('VACUUM ANALYZE address_points');
      console.log(
        `${streets * NUMBERS_PER_STREET} points loaded in ${((Date.now() - t) / 1000).toFixed(0)} s`,
      );
    },
  );

interface Keystroke {
  text: string;
  kind: 'number' | 'street' | 'typo';
}

/** Two letters of the street's first word swapped (at its middle). */
function swapped(street: string): { text: string; at: number } | undefined {
  const word = street.split(' ')[0];
  if (word.length < 5) return undefined;
  const at = Math.floor(word.length / 2);
  return { text: street.slice(0, at) + street[at + 1] + street[at] + street.slice(at + 2), at };
}

async function keystrokes(pool: Pool): Promise<Keystroke[]> {
  const res = await pool.query<{ number: string; street: string }>(
    `SELECT number, street_name AS street FROM address_points TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 600`,
  );
  const out: Keystroke[] = [];
  res.rows.forEach(({ number, street }, i) => {
    const typo = i % 5 === 0 ? swapped(street) : undefined;
    if (typo) {
      const text = `${number} ${typo.text}`;
      for (let len = number.length + 1 + typo.at + 2; len <= text.length; len++)
        out.push({ text: text.slice(0, len), kind: 'typo' });
      return;
    }
    const text = i % 3 === 0 ? street : `${number} ${street}`;
    for (let len = 1; len <= text.length; len++)
      if (text[len - 1] !== ' ')
        out.push({ text: text.slice(0, len), kind: i % 3 === 0 ? 'street' : 'number' });
  });
  return out;
}

async function main() {
  console.log(`${machine()}; ${points} GB points, ${concurrency} callers, ${seconds} s`);
  const pool = await prepare();
  const typed = await keystrokes(pool);
  const preview = async (k: Keystroke) =>
    previewsOf(await previewPoints(pool, k.text, { countries: ['GB'] }, 200), k.text, 10);
  let empty = 0;
  for (const k of typed.slice(0, 2000)) if (!(await preview(k)).length) empty++; // warm: planned statements
  console.log(`${typed.length} keystrokes; ${empty} of the first 2,000 had no preview`);

  report('previews', await closedLoop(pool, typed, preview, seconds, concurrency));
  await pool.end();
}

await main();
