import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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

/**
 * Moves staged rows into the store (points already there are skipped: that is what makes a
 * re-run add nothing), refreshes the coverage rows of the ZIPs touched, empties the stage.
 */
export async function mergeStaging(client: pg.PoolClient): Promise<number> {
  await client.query('BEGIN');
  try {
    const inserted = await client.query(
      `INSERT INTO address_points (${COPY_COLUMNS})
       SELECT DISTINCT ON (record_hash) ${COPY_COLUMNS} FROM address_points_staging
       ON CONFLICT (record_hash) DO NOTHING`,
    );
    if (inserted.rowCount) {
      await client.query(
        `INSERT INTO address_point_areas (zip, state, city, points)
         SELECT zip, state, city, count(*) FROM address_points
          WHERE zip IN (SELECT DISTINCT zip FROM address_points_staging)
          GROUP BY zip, state, city
         ON CONFLICT (zip, state, city) DO UPDATE SET points = EXCLUDED.points`,
      );
    }
    await client.query('TRUNCATE address_points_staging');
    await client.query('COMMIT');
    return inserted.rowCount ?? 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
