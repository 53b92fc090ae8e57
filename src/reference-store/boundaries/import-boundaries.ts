import type { Pool } from '../../db/pool.js';
import type { LayerId } from '../../engines/address/geography/layers.js';
import { encodeRings } from '../../engines/address/geography/polygon.js';
import { finishRun, startRun, unfinishedRun } from '../import/import.repo.js';
import { ImportInputError } from '../import/import-errors.js';
import { type ImportProgress, terminalProgress } from '../import/progress.js';
import type { FetchLimits } from '../import/source-input.js';
import { adoptStaging, copyIntoStaging, type MergeCounts, mergeRun, stagingLine } from './boundaries.repo.js';
import { ChunkStager } from './chunk-stager.js';
import { DbfReader } from './dbf.js';
import { ShpReader } from './shp.js';
import { type BoundarySource, boundarySources, refuseProjected, type ShapefileParts } from './sources.js';
import { layerOfFile, looksLikeTiger, tigerName } from './tiger-layers.js';

export interface BoundaryImportOptions {
  /** Limits and private-address policy for a URL. */
  fetch?: FetchLimits;
  /** Skip the areas an interrupted run of the same unchanged source staged (default true). */
  resume?: boolean;
  /** Areas per staging transaction (default 5,000, fewer when they are large). */
  chunkAreas?: number;
  /** true: a bar on a terminal, plain lines otherwise; or a sink of one's own. */
  progress?: boolean | ImportProgress;
}

export interface BoundaryFileResult {
  /** "tl_2024_21_tract.zip: tl_2024_21_tract.shp". */
  name: string;
  layer: LayerId;
  /** The year in the file name ('' when it has none). */
  vintage: string;
  /** What the file replaces: its state's areas of the layer ('21'), the whole layer ('us'), or nothing (a file not named as the Census names them: it adds and updates only). */
  replaces: string | null;
  areas: number;
}

export interface BoundaryImportResult {
  files: BoundaryFileResult[];
  /** Records read. */
  areas: number;
  inserted: number;
  updated: number;
  removed: number;
  skipped: Record<string, number>;
  /** Areas not read again because an interrupted run had staged them. */
  resumedAfter: number;
  /** Areas per layer stored after the import. */
  layers: Partial<Record<LayerId, number>>;
  seconds: number;
}

/**
 * Imports TIGER/Line boundary shapefiles (zips as the Census publishes them, folders, parts,
 * URLs). Each source is one recorded run: its areas are streamed (a .shp and its .dbf record by
 * record, side by side) into a staging table in chunks, each chunk one transaction that records
 * how far the run got, and moved into census_areas in one transaction at the end. So a lookup
 * never sees half a file, a bad or cut file leaves nothing imported, a re-run after an
 * interruption resumes after the staged chunks, and importing a file again changes nothing.
 */
export async function importBoundaries(
  pool: Pool,
  locations: string[],
  options: BoundaryImportOptions = {},
): Promise<BoundaryImportResult> {
  const started = Date.now();
  const result: BoundaryImportResult = {
    files: [],
    areas: 0,
    inserted: 0,
    updated: 0,
    removed: 0,
    skipped: {},
    resumedAfter: 0,
    layers: {},
    seconds: 0,
  };
  const sources = await boundarySources(locations, options.fetch);
  try {
    for (const source of sources) await importSource(pool, source, options, result);
  } finally {
    await Promise.all(sources.map((s) => s.close().catch(() => {})));
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

async function importSource(
  pool: Pool,
  source: BoundarySource,
  options: BoundaryImportOptions,
  result: BoundaryImportResult,
): Promise<void> {
  const previous = options.resume === false ? undefined : await unfinishedRun(pool, source.location);
  const resumable = previous?.fingerprint === source.fingerprint ? previous : undefined;
  const runId = await startRun(pool, {
    source: source.location.split('/').pop() ?? source.location,
    location: source.location,
    fingerprint: source.fingerprint,
    format: 'tiger',
  });
  const skip = resumable?.rowsCommitted ?? 0;
  const client = await pool.connect();
  let broken = false;
  const stager = new ChunkStager(client, runId, options.chunkAreas ?? 5000, copyIntoStaging);
  const files: BoundaryFileResult[] = [];
  try {
    await adoptStaging(client, source.location, runId, resumable?.id);
    const opened = [];
    // Every shapefile of the source is checked (parts, header, columns) before any is read.
    for (const parts of source.shapefiles) opened.push(await openShapefile(parts));
    const total = opened.reduce((n, f) => n + f.dbf.records, 0);
    const progress = options.progress === true ? terminalProgress(total) : options.progress || undefined;
    let seq = 0;
    try {
      for (const file of opened) {
        const counted = await readShapefile(file, stager, {
          first: seq,
          skip,
          // The bar counts records (the .dbf headers say how many); it draws at its own pace.
          onArea: (n) => progress?.update({ bytes: n, rows: n, inserted: 0 }),
          skipped: result.skipped,
        });
        seq += counted.records;
        result.resumedAfter += counted.resumed;
        files.push(counted.file);
      }
    } finally {
      for (const f of opened) await Promise.all([f.shp.close(), f.dbf.close()]).catch(() => {});
      progress?.done();
    }
    await stager.flush(seq);
    result.areas += seq;
    await client.query('BEGIN');
    const merged: MergeCounts = await mergeRun(client, runId);
    await finishRun(client, runId, {
      status: 'complete',
      rowsRead: seq,
      format: `tiger:${[...new Set(files.map((f) => f.layer))].join('+')}`,
    });
    await client.query('UPDATE address_point_imports SET inserted = $2, rows_committed = $3 WHERE id = $1', [
      runId,
      merged.inserted + merged.updated + merged.removed,
      seq,
    ]);
    await client.query('COMMIT');
    result.inserted += merged.inserted;
    result.updated += merged.updated;
    result.removed += merged.removed;
    result.layers = merged.layers;
    result.files.push(...files);
  } catch (err) {
    // A session left inside a COPY cannot roll back or serve anyone: it is closed instead.
    broken = stager.inCopy;
    if (broken) stager.destroy();
    else await client.query('ROLLBACK').catch(() => {});
    await finishRun(pool, runId, {
      status: 'failed',
      rowsRead: stager.committed,
      error: (err as Error)?.message ?? String(err),
    }).catch(() => {});
    throw err;
  } finally {
    stager.destroy();
    client.release(broken);
  }
}

interface OpenedShapefile {
  parts: ShapefileParts;
  shp: ShpReader;
  dbf: DbfReader;
  layer: ReturnType<typeof layerOfFile>['layer'];
  read: ReturnType<typeof layerOfFile>['read'];
  vintage: string;
  scope: string | null;
}

async function openShapefile(parts: ShapefileParts): Promise<OpenedShapefile> {
  await refuseProjected(parts);
  const cpg = await parts.text('.cpg');
  const dbf = await DbfReader.open(await parts.open('.dbf'), parts.label('.dbf'), cpg);
  let shp: ShpReader | undefined;
  try {
    const { layer, read } = layerOfFile(parts.label('.dbf'), parts.stem, dbf);
    if (!tigerName(parts.stem) && looksLikeTiger(parts.stem))
      throw new ImportInputError(
        `${parts.label('.dbf')}: a TIGER/Line layer the importer does not read; it reads COUNTY, TRACT, TABBLOCK20, ` +
          'CD, SLDU, SLDL, CBSA, CSA, METDIV and PLACE',
      );
    shp = await ShpReader.open(await parts.open('.shp'), parts.label('.shp'));
    const named = tigerName(parts.stem);
    return {
      parts,
      shp,
      dbf,
      layer,
      read,
      vintage: named?.year ?? '',
      scope: named ? (layer.national ? 'us' : named.scope) : null,
    };
  } catch (err) {
    await dbf.close().catch(() => {});
    await shp?.close().catch(() => {});
    throw err;
  }
}

/** Reads one shapefile's records side by side into the stager; `skip` areas (of the run) were staged before. */
async function readShapefile(
  file: OpenedShapefile,
  stager: ChunkStager,
  run: { first: number; skip: number; onArea: (n: number) => void; skipped: Record<string, number> },
): Promise<{ records: number; resumed: number; file: BoundaryFileResult }> {
  let records = 0;
  let resumed = 0;
  let areas = 0;
  const skip = (why: string) => {
    run.skipped[why] = (run.skipped[why] ?? 0) + 1;
  };
  for (;;) {
    const [shape, row] = await Promise.all([file.shp.next(), file.dbf.next()]);
    if (shape === undefined && row === undefined) break;
    if (shape === undefined || row === undefined)
      throw new ImportInputError(
        `${file.parts.label(shape === undefined ? '.shp' : '.dbf')}: the file is cut short or does not belong with its ` +
          `${shape === undefined ? '.dbf' : '.shp'}: it ends after record ${records} of the ${file.dbf.records} ` +
          `the .dbf announces`,
      );
    records++;
    const seq = run.first + records;
    run.onArea(seq);
    if (seq <= run.skip) {
      resumed++;
      continue;
    }
    if (row.deleted) {
      skip('deleted in the .dbf');
      continue;
    }
    if (shape === null) {
      skip('without a shape');
      continue;
    }
    const columns = file.read(row.raw);
    if (typeof columns === 'string') {
      skip(columns);
      continue;
    }
    const encoded = encodeRings(shape.parts);
    if (!encoded) {
      skip('without an area (degenerate rings)');
      continue;
    }
    areas++;
    await stager.add(
      stagingLine(stager.runId, {
        ...columns,
        seq,
        scope: file.scope,
        layer: file.layer.id,
        vintage: file.vintage,
        bbox: encoded.bbox,
        geometry: encoded.bytes,
      }),
      seq,
    );
  }
  return {
    records,
    resumed,
    file: {
      name: file.parts.label('.shp'),
      layer: file.layer.id,
      vintage: file.vintage,
      replaces: file.scope,
      areas: areas + resumed,
    },
  };
}
