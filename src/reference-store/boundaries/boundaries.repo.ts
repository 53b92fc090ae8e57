import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../db/pool.js';
import type { AreaRecord } from '../../engines/address/geography/area-group.js';
import type { LayerId } from '../../engines/address/geography/layers.js';
import type { Bbox } from '../../engines/address/geography/polygon.js';
import type { AreaColumns } from './tiger-layers.js';

/** An area read from a file, on its way into census_area_staging. */
export interface StagedArea extends AreaColumns {
  seq: number;
  scope: string | null;
  layer: LayerId;
  vintage: string;
  bbox: Bbox;
  geometry: Buffer;
}

const STAGING_COLUMNS = `run_id, seq, scope, layer, geoid, grp, code, statefp, countyfp, tractce, lsad, name, vintage,
  min_x, min_y, max_x, max_y, geometry`;

const text = (v: string | null) =>
  v === null
    ? '\\N'
    : v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/** One COPY text line (with its newline). */
export function stagingLine(runId: string, a: StagedArea): string {
  return (
    [
      runId,
      String(a.seq),
      text(a.scope),
      a.layer,
      text(a.geoid),
      text(a.grp),
      text(a.code),
      text(a.statefp),
      text(a.countyfp),
      text(a.tractce),
      text(a.lsad),
      text(a.name),
      text(a.vintage),
      String(a.bbox.minX),
      String(a.bbox.minY),
      String(a.bbox.maxX),
      String(a.bbox.maxY),
      `\\\\x${a.geometry.toString('hex')}`,
    ].join('\t') + '\n'
  );
}

export function copyIntoStaging(client: pg.PoolClient): Writable {
  return client.query(copyFrom(`COPY census_area_staging (${STAGING_COLUMNS}) FROM STDIN`));
}

/**
 * A re-run of an unchanged source takes over what its interrupted run staged; any other run of
 * the location leaves nothing staged behind (a changed file is read whole again).
 */
export async function adoptStaging(
  db: Queryable,
  location: string,
  runId: string,
  resumeFrom: string | undefined,
): Promise<void> {
  if (resumeFrom)
    await db.query('UPDATE census_area_staging SET run_id = $2 WHERE run_id = $1', [resumeFrom, runId]);
  await db.query(
    `DELETE FROM census_area_staging WHERE run_id IN (
       SELECT id FROM address_point_imports WHERE location = $1 AND id <> $2)`,
    [location, runId],
  );
}

export async function dropStaging(db: Queryable, runId: string): Promise<void> {
  await db.query('DELETE FROM census_area_staging WHERE run_id = $1', [runId]);
}

export interface MergeCounts {
  inserted: number;
  updated: number;
  removed: number;
  /** Areas per layer now stored. */
  layers: Partial<Record<LayerId, number>>;
}

/**
 * Moves a run's staged areas into census_areas, in the caller's transaction: new areas added,
 * changed ones replaced, unchanged ones left as they are (so importing a file again changes
 * nothing, not even a version); then, for a file named as the Census names them, the areas of
 * its layer and scope (its state, or the whole layer for a national file) that it no longer has
 * are removed (an older vintage's). The groups it touched are recomputed and the layers'
 * versions move only when something changed.
 */
export async function mergeRun(client: pg.PoolClient, runId: string): Promise<MergeCounts> {
  const upserted = await client.query<{ layer: string; grp: string; inserted: boolean }>(
    `INSERT INTO census_areas AS a (layer, geoid, grp, code, statefp, countyfp, tractce, lsad, name, vintage,
       min_x, min_y, max_x, max_y, geometry)
     SELECT layer, geoid, grp, code, statefp, countyfp, tractce, lsad, name, vintage, min_x, min_y, max_x, max_y, geometry
       FROM (SELECT DISTINCT ON (layer, geoid) * FROM census_area_staging WHERE run_id = $1
              ORDER BY layer, geoid, seq DESC) s
      ORDER BY layer, grp, geoid
     ON CONFLICT (layer, geoid) DO UPDATE SET
       grp = EXCLUDED.grp, code = EXCLUDED.code, statefp = EXCLUDED.statefp, countyfp = EXCLUDED.countyfp,
       tractce = EXCLUDED.tractce, lsad = EXCLUDED.lsad, name = EXCLUDED.name, vintage = EXCLUDED.vintage,
       min_x = EXCLUDED.min_x, min_y = EXCLUDED.min_y, max_x = EXCLUDED.max_x, max_y = EXCLUDED.max_y,
       geometry = EXCLUDED.geometry
     WHERE (a.grp, a.code, a.statefp, a.countyfp, a.tractce, a.lsad, a.name, a.vintage, a.geometry)
       IS DISTINCT FROM (EXCLUDED.grp, EXCLUDED.code, EXCLUDED.statefp, EXCLUDED.countyfp, EXCLUDED.tractce,
                         EXCLUDED.lsad, EXCLUDED.name, EXCLUDED.vintage, EXCLUDED.geometry)
     RETURNING a.layer, a.grp, (xmax = 0) AS inserted`,
    [runId],
  );
  const removed = await client.query<{ layer: string; grp: string }>(
    `DELETE FROM census_areas a
      USING (SELECT DISTINCT layer, scope FROM census_area_staging WHERE run_id = $1 AND scope IS NOT NULL) f
      WHERE a.layer = f.layer AND (f.scope = 'us' OR a.statefp = f.scope)
        AND NOT EXISTS (SELECT 1 FROM census_area_staging s
                         WHERE s.run_id = $1 AND s.layer = a.layer AND s.geoid = a.geoid)
     RETURNING a.layer, a.grp`,
    [runId],
  );
  const touched = new Map<string, [string, string]>();
  for (const r of [...upserted.rows, ...removed.rows]) touched.set(`${r.layer}|${r.grp}`, [r.layer, r.grp]);
  const layers = [...new Set([...touched.values()].map(([layer]) => layer))];
  if (touched.size) {
    const keys = [...touched.values()];
    const params = [keys.map((k) => k[0]), keys.map((k) => k[1])];
    await client.query(
      `INSERT INTO census_area_groups AS g (layer, grp, min_x, min_y, max_x, max_y, areas, bytes)
       SELECT layer, grp, min(min_x), min(min_y), max(max_x), max(max_y), count(*), sum(octet_length(geometry))
         FROM census_areas WHERE (layer, grp) IN (SELECT * FROM unnest($1::text[], $2::text[]))
        GROUP BY layer, grp
       ON CONFLICT (layer, grp) DO UPDATE SET min_x = EXCLUDED.min_x, min_y = EXCLUDED.min_y,
         max_x = EXCLUDED.max_x, max_y = EXCLUDED.max_y, areas = EXCLUDED.areas, bytes = EXCLUDED.bytes`,
      params,
    );
    await client.query(
      `DELETE FROM census_area_groups g WHERE (layer, grp) IN (SELECT * FROM unnest($1::text[], $2::text[]))
          AND NOT EXISTS (SELECT 1 FROM census_areas a WHERE a.layer = g.layer AND a.grp = g.grp)`,
      params,
    );
    await client.query(
      `INSERT INTO census_layers AS l (layer, version, areas)
       SELECT layer, 1, coalesce((SELECT sum(areas) FROM census_area_groups g WHERE g.layer = x.layer), 0)
         FROM unnest($1::text[]) AS x(layer)
       ON CONFLICT (layer) DO UPDATE SET version = l.version + 1, areas = EXCLUDED.areas, updated_at = now()`,
      [layers],
    );
    await client.query(
      `DELETE FROM census_layers l WHERE layer = ANY($1) AND NOT EXISTS (SELECT 1 FROM census_area_groups g WHERE g.layer = l.layer)`,
      [layers],
    );
  }
  await dropStaging(client, runId);
  const counts = await client.query<{ layer: LayerId; areas: number }>(
    'SELECT layer, areas::float8 AS areas FROM census_layers',
  );
  return {
    inserted: upserted.rows.filter((r) => r.inserted).length,
    updated: upserted.rows.filter((r) => !r.inserted).length,
    removed: removed.rowCount ?? 0,
    layers: Object.fromEntries(counts.rows.map((r) => [r.layer, r.areas])),
  };
}

/** Which layers are imported and their versions: servers reload when this moves. */
export async function layersVersion(db: Queryable): Promise<string> {
  const res = await db.query(
    "SELECT coalesce(string_agg(layer || ':' || version, ',' ORDER BY layer), '') AS v FROM census_layers",
  );
  return res.rows[0].v;
}

export interface GroupRow {
  layer: LayerId;
  grp: string;
  bbox: Bbox;
  areas: number;
  bytes: number;
}

/** Every load unit's bbox (a few thousand rows for the whole country). */
export async function groupDirectory(db: Queryable): Promise<GroupRow[]> {
  const res = await db.query(
    `SELECT layer, grp, min_x, min_y, max_x, max_y, areas, bytes::float8 AS bytes FROM census_area_groups
      ORDER BY layer, grp`,
  );
  return res.rows.map((r) => ({
    layer: r.layer,
    grp: r.grp,
    bbox: { minX: r.min_x, minY: r.min_y, maxX: r.max_x, maxY: r.max_y },
    areas: r.areas,
    bytes: r.bytes,
  }));
}

/** The areas of some groups of a layer, by group, in one query. */
export async function groupAreas(
  db: Queryable,
  layer: LayerId,
  groups: string[],
): Promise<Map<string, AreaRecord[]>> {
  const res = await db.query(
    `SELECT grp, geoid, code, statefp, countyfp, tractce, lsad, name, min_x, min_y, max_x, max_y, geometry
       FROM census_areas WHERE layer = $1 AND grp = ANY($2) ORDER BY grp, geoid`,
    [layer, groups],
  );
  const strings = new Map<string, string>();
  const one = (v: string | null) => {
    if (v === null) return undefined;
    const seen = strings.get(v);
    if (seen !== undefined) return seen;
    strings.set(v, v);
    return v;
  };
  const out = new Map<string, AreaRecord[]>();
  for (const r of res.rows) {
    const info = {
      geoid: r.geoid,
      code: one(r.code)!,
      ...(r.statefp ? { state: one(r.statefp) } : {}),
      ...(r.countyfp ? { county: one(r.countyfp) } : {}),
      ...(r.tractce ? { tract: one(r.tractce) } : {}),
      ...(r.lsad ? { lsad: one(r.lsad) } : {}),
      // Names are kept for counties (the answer's county name); blocks' would only cost memory.
      ...(r.name && layer === 'county' ? { name: r.name } : {}),
    };
    const list = out.get(r.grp) ?? [];
    list.push({
      info,
      bbox: { minX: r.min_x, minY: r.min_y, maxX: r.max_x, maxY: r.max_y },
      geometry: r.geometry,
    });
    out.set(r.grp, list);
  }
  return out;
}
