import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../db/pool.js';
import type { StreetForm } from '../../engines/address/verify/reference-point.js';

/** A side's range read from a file, on its way into street_range_staging. */
export interface StagedRange {
  seq: number;
  county: string;
  rangeKey: string;
  tlid: string;
  side: 'L' | 'R';
  arid: string;
  zip: string;
  state: string;
  city: string;
  street: StreetForm;
  prefix: string;
  from: number;
  to: number;
  parity: string;
  offset: boolean;
  plus4: string;
  /** int32 little-endian pairs (degrees x 1e7). */
  line: Buffer;
  vintage: string;
}

/** Every column of street_ranges, in the staging table's order after run_id and seq. */
const RANGE_COLUMNS = `county, range_key, tlid, side, arid, zip, state, city, pre_direction, pre_type, street_name,
  street_type, post_direction, hn_prefix, from_hn, to_hn, parity, offset_flag, plus4, line, vintage`;

const SPECIAL = /[\\\t\n\r]/;
const text = (v: string | undefined) =>
  v === undefined || v === ''
    ? '\\N'
    : SPECIAL.test(v)
      ? v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
      : v;
/** A NOT NULL text column: empty stays empty. */
const required = (v: string) => (v ? text(v) : '');

/** One COPY text line (with its newline). */
export function rangeLine(runId: string, r: StagedRange): string {
  const s = r.street;
  return `${runId}\t${r.seq}\t${required(r.county)}\t${text(r.rangeKey)}\t${r.tlid}\t${r.side}\t${text(r.arid)}\t${r.zip}\t${r.state}\t${required(r.city)}\t${text(s.preDirection)}\t${text(s.preType)}\t${text(s.name)}\t${text(s.type)}\t${text(s.postDirection)}\t${r.prefix}\t${r.from}\t${r.to}\t${r.parity}\t${r.offset ? 't' : 'f'}\t${text(r.plus4)}\t\\\\x${r.line.toString('hex')}\t${required(r.vintage)}\n`;
}

export function copyIntoRangeStaging(client: pg.PoolClient): Writable {
  return client.query(copyFrom(`COPY street_range_staging (run_id, seq, ${RANGE_COLUMNS}) FROM STDIN`));
}

/**
 * A re-run of an unchanged source takes over what its interrupted run staged; any other run of
 * the location leaves nothing staged behind (a changed file is read whole again).
 */
export async function adoptRangeStaging(
  db: Queryable,
  location: string,
  runId: string,
  resumeFrom: string | undefined,
): Promise<void> {
  if (resumeFrom)
    await db.query('UPDATE street_range_staging SET run_id = $2 WHERE run_id = $1', [resumeFrom, runId]);
  await db.query(
    `DELETE FROM street_range_staging WHERE run_id IN (
       SELECT id FROM address_point_imports WHERE location = $1 AND id <> $2)`,
    [location, runId],
  );
}

export interface RangeMergeCounts {
  inserted: number;
  updated: number;
  removed: number;
  /** Side ranges stored after the merge, and the ZIPs they cover. */
  stored: number;
  zips: number;
}

/** Columns compared to tell a changed range from an unchanged one. */
const COMPARED = `zip, state, city, pre_direction, pre_type, street_name, street_type, post_direction, hn_prefix,
  from_hn, to_hn, parity, offset_flag, plus4, line, tlid, side, arid, vintage`;
const excluded = COMPARED.split(',').map((c) => `EXCLUDED.${c.trim()}`);

/**
 * Moves a run's staged ranges into street_ranges, in the caller's transaction: new ranges added,
 * changed ones replaced, unchanged ones left as they are (so importing a file again changes
 * nothing, not even the version); then, for a Census-named county file (`county`), that
 * county's ranges it no longer has are removed. The touched ZIPs' coverage and street names are
 * recounted, and the version moves only when something changed.
 */
export async function mergeRanges(
  client: pg.PoolClient,
  runId: string,
  county: string | null,
): Promise<RangeMergeCounts> {
  await client.query(
    'CREATE TEMP TABLE IF NOT EXISTS range_touched (zip text, name text) ON COMMIT DELETE ROWS',
  );
  // The staged rows were just copied in: without statistics the planner takes the run for a few
  // rows and checks each stored range against it by a nested loop (20,000 segments took 90 s to
  // merge); analyzed, it hashes the run once.
  await client.query('ANALYZE street_range_staging');
  // The run is sorted twice (the latest staging of each range; the store's ZIP order): at the
  // default 4 MB each sort of a county's ranges and their lines spills to disk; jit compiles
  // the merge's expressions anew each run for nothing.
  await client.query(`SET LOCAL work_mem = '128MB'; SET LOCAL jit = off`);
  // Whether the county held ranges before: a county imported for the first time has none to remove.
  const held =
    county !== null &&
    (await client.query('SELECT 1 FROM street_ranges WHERE county = $1 LIMIT 1', [county])).rowCount === 1;
  const up = await upsertStaged(client, runId, county !== null && !held);
  const removed = held
    ? Number(
        (
          await client.query<{ removed: string }>(
            `WITH gone AS (
               DELETE FROM street_ranges r WHERE r.county = $2 AND NOT EXISTS (
                 SELECT 1 FROM street_range_staging s
                  WHERE s.run_id = $1 AND s.county = r.county AND s.range_key = r.range_key)
               RETURNING r.zip, r.street_name
             ), t AS (INSERT INTO range_touched SELECT DISTINCT zip, street_name FROM gone)
             SELECT count(*)::text AS removed FROM gone`,
            [runId, county],
          )
        ).rows[0].removed,
      )
    : 0;
  const { inserted, updated } = up;
  if (inserted + updated + removed > 0) await recount(client);
  await clearStaged(client, runId);
  const totals = await client.query<{ stored: number; zips: number }>(
    'SELECT coalesce(sum(ranges), 0)::float8 AS stored, count(*)::float8 AS zips FROM street_range_areas',
  );
  return { inserted, updated, removed, ...totals.rows[0] };
}

/**
 * The run's staged ranges into the store: new ones inserted, changed ones updated, each range as
 * last staged. That takes a sort of the whole run for its latest stagings and an upsert (a fifth
 * and a quarter of the merge of a county), except for a county new to the store (`fresh`): its
 * ranges are inserted as staged, and a range staged twice in the run (or one a concurrent import
 * of the county stored first) breaks the store's key, and only then does the upsert run.
 */
async function upsertStaged(
  client: pg.PoolClient,
  runId: string,
  fresh: boolean,
): Promise<{ inserted: number; updated: number }> {
  if (fresh) {
    await client.query('SAVEPOINT fresh_county');
    try {
      const added = await client.query(
        `INSERT INTO street_ranges (${RANGE_COLUMNS})
         SELECT ${RANGE_COLUMNS} FROM street_range_staging WHERE run_id = $1 ORDER BY zip, street_name`,
        [runId],
      );
      await client.query(
        'INSERT INTO range_touched SELECT DISTINCT zip, street_name FROM street_range_staging WHERE run_id = $1',
        [runId],
      );
      await client.query('RELEASE SAVEPOINT fresh_county');
      return { inserted: added.rowCount ?? 0, updated: 0 };
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      await client.query('ROLLBACK TO SAVEPOINT fresh_county');
    }
  }
  const up = await client.query<{ inserted: string; updated: string }>(
    `WITH s AS (
       SELECT DISTINCT ON (county, range_key) * FROM street_range_staging WHERE run_id = $1
        ORDER BY county, range_key, seq DESC
     ), up AS (
       INSERT INTO street_ranges AS r (${RANGE_COLUMNS})
       SELECT ${RANGE_COLUMNS} FROM s ORDER BY zip, street_name
       ON CONFLICT (county, range_key) DO UPDATE SET (${COMPARED}) = (${excluded.join(', ')})
       WHERE (${COMPARED.split(',').map((c) => `r.${c.trim()}`)}) IS DISTINCT FROM (${excluded.join(', ')})
       RETURNING r.zip, r.street_name, (xmax = 0) AS inserted
     ), t AS (INSERT INTO range_touched SELECT DISTINCT zip, street_name FROM up)
     SELECT count(*) FILTER (WHERE inserted)::text AS inserted, count(*) FILTER (WHERE NOT inserted)::text AS updated
       FROM up`,
    [runId],
  );
  return { inserted: Number(up.rows[0].inserted), updated: Number(up.rows[0].updated) };
}

const UNIQUE_VIOLATION = '23505';

/**
 * Empties the run's staging: TRUNCATE when nothing else is staged and no other import holds the
 * table (deleting a county's two million rows took 1.9 s), else DELETE.
 */
async function clearStaged(client: pg.PoolClient, runId: string): Promise<void> {
  await client.query('SAVEPOINT clear_staged');
  try {
    await client.query('LOCK TABLE street_range_staging IN ACCESS EXCLUSIVE MODE NOWAIT');
    const others = await client.query('SELECT 1 FROM street_range_staging WHERE run_id <> $1 LIMIT 1', [
      runId,
    ]);
    if (others.rowCount === 0) {
      await client.query('TRUNCATE street_range_staging');
      await client.query('RELEASE SAVEPOINT clear_staged');
      return;
    }
  } catch (err) {
    if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
  }
  await client.query('ROLLBACK TO SAVEPOINT clear_staged');
  await client.query('DELETE FROM street_range_staging WHERE run_id = $1', [runId]);
}

const LOCK_NOT_AVAILABLE = '55P03';

/** Recounts the coverage and street names that range_touched names, and moves the version. */
async function recount(client: pg.PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO street_range_areas AS a (zip, state, city, ranges)
     SELECT zip, min(state), min(city), count(*) FROM street_ranges
      WHERE zip IN (SELECT DISTINCT zip FROM range_touched) GROUP BY zip
     ON CONFLICT (zip) DO UPDATE SET state = EXCLUDED.state, city = EXCLUDED.city, ranges = EXCLUDED.ranges`,
  );
  await client.query(
    `DELETE FROM street_range_areas a WHERE zip IN (SELECT zip FROM range_touched)
        AND NOT EXISTS (SELECT 1 FROM street_ranges r WHERE r.zip = a.zip)`,
  );
  await client.query(
    `INSERT INTO street_range_street_names AS n (name, ranges)
     SELECT street_name, count(*) FROM street_ranges
      WHERE street_name COLLATE "C" IN (SELECT DISTINCT name COLLATE "C" FROM range_touched) GROUP BY street_name
     ON CONFLICT (name) DO UPDATE SET ranges = EXCLUDED.ranges`,
  );
  await client.query(
    `DELETE FROM street_range_street_names n WHERE name IN (SELECT name FROM range_touched)
        AND NOT EXISTS (SELECT 1 FROM street_ranges r WHERE r.street_name COLLATE "C" = n.name COLLATE "C")`,
  );
  await bumpVersion(client);
}

export async function bumpVersion(db: Queryable): Promise<void> {
  await db.query('UPDATE street_range_version SET version = version + 1');
}

/** An alternate name of an address range (ADDRFN + FEATNAMES). */
export interface AlternateName {
  arid: string;
  street: StreetForm;
  key: string;
}

/**
 * Replaces a county's alternate names with these, in the caller's transaction, changing nothing
 * when they are the same. Returns how many were added and removed.
 */
export async function storeAlternateNames(
  client: pg.PoolClient,
  county: string,
  names: AlternateName[],
): Promise<{ added: number; removed: number }> {
  const column = <K extends keyof StreetForm>(k: K) => names.map((n) => n.street[k] ?? null);
  const rows = [
    names.map((n) => n.arid),
    names.map((n) => n.key),
    column('preDirection'),
    column('preType'),
    column('name'),
    column('type'),
    column('postDirection'),
  ];
  const added = await client.query(
    `INSERT INTO street_range_names (arid, county, name_key, pre_direction, pre_type, street_name, street_type,
       post_direction)
     SELECT a, $1, k, pd, pt, n, t, sd FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[]) AS x(a, k, pd, pt, n, t, sd)
     ON CONFLICT (arid, name_key) DO NOTHING`,
    [county, ...rows],
  );
  const removed = await client.query(
    `DELETE FROM street_range_names s WHERE s.county = $1 AND (s.arid, s.name_key) NOT IN (
       SELECT * FROM unnest($2::text[], $3::text[]))`,
    [county, rows[0], rows[1]],
  );
  if ((added.rowCount ?? 0) + (removed.rowCount ?? 0) > 0) await bumpVersion(client);
  return { added: added.rowCount ?? 0, removed: removed.rowCount ?? 0 };
}
