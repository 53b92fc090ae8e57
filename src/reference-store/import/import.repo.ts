import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../db/pool.js';
import { COPY_COLUMNS } from './point-row.js';

/** A session-local staging table shaped like address_points, without its keys. */
export async function createStaging(client: pg.PoolClient): Promise<void> {
  await client.query(
    'CREATE TEMP TABLE IF NOT EXISTS address_points_staging (LIKE address_points INCLUDING DEFAULTS) ON COMMIT PRESERVE ROWS',
  );
  await client.query('TRUNCATE address_points_staging');
}

export function copyIntoStaging(client: pg.PoolClient): Writable {
  return client.query(copyFrom(`COPY address_points_staging (${COPY_COLUMNS}) FROM STDIN`));
}

/** What became of a merged chunk's rows. */
export interface MergedChunk {
  /** Rows staged. */
  staged: number;
  /** Points stored by this merge. */
  inserted: number;
  /** Rows whose address was already a point in the store. */
  alreadyStored: number;
  /** Rows repeating the address of another row of the chunk (one of them is kept or counted). */
  repeated: number;
}

/**
 * Moves staged rows into the store (points already there are skipped: that is what makes a
 * re-run add nothing), adds the new points to the coverage counts, records how far the run
 * got, empties the stage: all in one transaction, so a chunk is stored whole or not at all
 * and the run's `rows_committed` always says exactly which rows are in. Says what became of
 * every staged row: new, already stored, or a repeat of an address earlier in the chunk.
 *
 * The coverage counts are added from the inserted rows themselves: recounting the ZIPs a
 * chunk touched would rescan most of a large table on every chunk. Rows go in by ZIP and
 * street, the order of most of the table's indexes, so consecutive index inserts land on the
 * same pages instead of all over them.
 */
export async function mergeStaging(
  client: pg.PoolClient,
  run?: { id: string; rowsRead: number },
): Promise<MergedChunk> {
  await client.query('BEGIN');
  try {
    const res = await client.query<{ inserted: string; distinct: string; staged: string }>(
      `WITH distinct_rows AS MATERIALIZED (
         SELECT DISTINCT ON (record_hash) * FROM address_points_staging
       ), inserted AS (
         INSERT INTO address_points (${COPY_COLUMNS})
         SELECT ${COPY_COLUMNS} FROM distinct_rows
          ORDER BY zip, street_name, number
         ON CONFLICT (record_hash) DO NOTHING
         RETURNING country, zip, state, city
       ), areas AS (
         INSERT INTO address_point_areas AS a (country, zip, state, city, points)
         SELECT min(country), zip, state, city, count(*) FROM inserted
          GROUP BY zip, state, city ORDER BY zip, state, city
         ON CONFLICT (zip, state, city) DO UPDATE SET points = a.points + EXCLUDED.points
       )
       SELECT (SELECT count(*) FROM inserted)::text AS inserted,
              (SELECT count(*) FROM distinct_rows)::text AS distinct,
              (SELECT count(*) FROM address_points_staging)::text AS staged`,
    );
    const inserted = Number(res.rows[0].inserted);
    const distinct = Number(res.rows[0].distinct);
    const staged = Number(res.rows[0].staged);
    if (run)
      await client.query(
        `UPDATE address_point_imports SET rows_read = $2, rows_committed = $2, inserted = inserted + $3
          WHERE id = $1`,
        [run.id, run.rowsRead, inserted],
      );
    await client.query('TRUNCATE address_points_staging');
    await client.query('COMMIT');
    return { staged, inserted, alreadyStored: distinct - inserted, repeated: staged - distinct };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

export interface ImportRun {
  id: string;
  source: string;
  location: string;
  fingerprint: string | null;
  format: string;
  status: 'running' | 'complete' | 'failed';
  rowsRead: number;
  rowsCommitted: number;
  inserted: number;
  /** ISO 8601, UTC. */
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

const RUN_COLUMNS = `id::text, source, location, fingerprint, format, status, rows_read::float8 AS "rowsRead",
  rows_committed::float8 AS "rowsCommitted", inserted::float8 AS inserted,
  to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startedAt",
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "finishedAt", error`;

/** The latest run of a location, if it did not finish: what a re-run may resume after. */
export async function unfinishedRun(db: Queryable, location: string): Promise<ImportRun | undefined> {
  const res = await db.query<ImportRun>(
    `SELECT ${RUN_COLUMNS} FROM address_point_imports WHERE location = $1 ORDER BY started_at DESC, id DESC LIMIT 1`,
    [location],
  );
  const last = res.rows[0];
  return last && last.status !== 'complete' ? last : undefined;
}

export async function startRun(
  db: Queryable,
  run: { source: string; location: string; fingerprint?: string; format: string },
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `INSERT INTO address_point_imports (source, location, fingerprint, format)
     VALUES ($1, $2, $3, $4) RETURNING id::text`,
    [run.source, run.location, run.fingerprint ?? null, run.format],
  );
  return res.rows[0].id;
}

export async function finishRun(
  db: Queryable,
  id: string,
  outcome: { status: 'complete' | 'failed'; rowsRead: number; format?: string; error?: string },
): Promise<void> {
  await db.query(
    `UPDATE address_point_imports SET status = $2, rows_read = GREATEST(rows_read, $3), finished_at = now(),
        format = coalesce($4, format), error = $5
      WHERE id = $1`,
    [id, outcome.status, outcome.rowsRead, outcome.format ?? null, outcome.error ?? null],
  );
}

/** The latest runs, newest first (`postroom data sources --runs`). */
export async function recentRuns(db: Queryable, limit = 20): Promise<ImportRun[]> {
  const res = await db.query<ImportRun>(
    `SELECT ${RUN_COLUMNS} FROM address_point_imports ORDER BY started_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return res.rows;
}

/**
 * After an import that added points: vacuum and analyze what it wrote. Statistics steer the
 * completions' and verifier's plans, and the visibility map lets their reads stay in the
 * indexes; with autovacuum off (or behind), a freshly loaded store would have neither.
 */
export async function settleAfterImport(db: Queryable): Promise<void> {
  await db.query('VACUUM (ANALYZE) address_points, address_street_names, address_point_areas');
}
