import type pg from 'pg';
import type { Pool } from '../../db/pool.js';
import { ChunkStager } from '../boundaries/chunk-stager.js';
import { type BoundarySource, boundarySources } from '../boundaries/sources.js';
import { finishRun, startRun, unfinishedRun } from '../import/import.repo.js';
import { type ImportProgress, terminalProgress } from '../import/progress.js';
import type { FetchLimits } from '../import/source-input.js';
import { alternateNames } from './alternate-names.js';
import { pairRelations, type RangeFile, RELATION_TABLES, rangeFiles } from './range-files.js';
import {
  adoptRangeStaging,
  copyIntoRangeStaging,
  mergeRanges,
  storeAlternateNames,
} from './ranges-import.repo.js';
import { openAddrfeat, readAddrfeat } from './read-addrfeat.js';

export interface RangeImportOptions {
  /** Limits and private-address policy for a URL. */
  fetch?: FetchLimits;
  /** Skip the records an interrupted run of the same unchanged source staged (default true). */
  resume?: boolean;
  /** Records per staging transaction (default 20,000). */
  chunkRecords?: number;
  /** true: a bar on a terminal, plain lines otherwise; or a sink of one's own. */
  progress?: boolean | ImportProgress;
}

export interface RangeFileResult {
  /** "tl_2024_21111_addrfeat.zip: tl_2024_21111_addrfeat.shp". */
  name: string;
  kind: 'addrfeat' | 'addrfn';
  /** The county it replaces ("21111"), or null for a file not named as the Census names them. */
  county: string | null;
  vintage: string;
  /** ADDRFEAT: records (segments) read and side ranges taken; ADDRFN: alternate names. */
  records: number;
  ranges: number;
}

export interface RangeImportResult {
  files: RangeFileResult[];
  /** ADDRFEAT records (segments) read, and side ranges taken from them. */
  segments: number;
  ranges: number;
  inserted: number;
  updated: number;
  removed: number;
  alternates: { added: number; removed: number; unnamed: number };
  /** Records or sides refused or passed over, by reason. */
  skipped: Record<string, number>;
  /** FEATNAMES files given without their county's ADDRFN (not needed on their own). */
  passedOver: string[];
  /** Records not read again because an interrupted run had staged them. */
  resumedAfter: number;
  /** Side ranges stored after the import, and the ZIPs they cover. */
  stored: number;
  zips: number;
  seconds: number;
}

/**
 * Imports TIGER/Line address ranges (ADDRFEAT zips as the Census publishes them, one per county;
 * folders, parts, URLs), with the alternate names of ADDRFN + FEATNAMES when given. Each
 * ADDRFEAT source is one recorded run: its records are streamed (.shp and .dbf side by side)
 * into a staging table in chunks, each chunk one transaction that records how far the run got,
 * and moved into street_ranges in one transaction at the end. So a verification never sees half
 * a file, a bad or cut file leaves nothing imported, a re-run after an interruption resumes after
 * the staged chunks, and importing a file again changes nothing.
 */
export async function importRanges(
  pool: Pool,
  locations: string[],
  options: RangeImportOptions = {},
): Promise<RangeImportResult> {
  const started = Date.now();
  const result: RangeImportResult = {
    files: [],
    segments: 0,
    ranges: 0,
    inserted: 0,
    updated: 0,
    removed: 0,
    alternates: { added: 0, removed: 0, unnamed: 0 },
    skipped: {},
    passedOver: [],
    resumedAfter: 0,
    stored: 0,
    zips: 0,
    seconds: 0,
  };
  const sources = await boundarySources(locations, options.fetch, { tables: RELATION_TABLES });
  try {
    // Every file is classified (name, columns, parts) before anything is read.
    const bySource = new Map<BoundarySource, RangeFile[]>();
    for (const source of sources) bySource.set(source, await rangeFiles(source.shapefiles));
    const all = [...bySource.values()].flat();
    const { pairs, unpaired } = pairRelations(all);
    result.passedOver = unpaired.map((f) => f.parts.label('.dbf'));
    for (const pair of pairs) await importAlternates(pool, pair, result);
    for (const [source, files] of bySource) {
      const features = files.filter((f) => f.kind === 'addrfeat');
      if (features.length) await importSource(pool, source, features, options, result);
    }
  } finally {
    await Promise.all(sources.map((s) => s.close().catch(() => {})));
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

/** A county's alternate names, one recorded run under the ADDRFN's location. */
async function importAlternates(
  pool: Pool,
  pair: { addrfn: RangeFile; featnames: RangeFile; county: string },
  result: RangeImportResult,
): Promise<void> {
  const location = pair.addrfn.parts.label('.dbf');
  const runId = await startRun(pool, { source: pair.addrfn.parts.stem, location, format: 'tiger:addrfn' });
  const client = await pool.connect();
  try {
    const { names, unnamed } = await alternateNames(pair.addrfn.parts, pair.featnames.parts);
    await client.query('BEGIN');
    const stored = await storeAlternateNames(client, pair.county, names);
    await finishRun(client, runId, { status: 'complete', rowsRead: names.length });
    await client.query('COMMIT');
    result.alternates.added += stored.added;
    result.alternates.removed += stored.removed;
    result.alternates.unnamed += unnamed;
    result.files.push({
      name: location,
      kind: 'addrfn',
      county: pair.county || null,
      vintage: pair.addrfn.name?.year ?? '',
      records: names.length,
      ranges: 0,
    });
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    await finishRun(pool, runId, { status: 'failed', rowsRead: 0, error: (err as Error)?.message }).catch(
      () => {},
    );
    throw err;
  } finally {
    client.release();
  }
}

async function importSource(
  pool: Pool,
  source: BoundarySource,
  files: RangeFile[],
  options: RangeImportOptions,
  result: RangeImportResult,
): Promise<void> {
  const previous = options.resume === false ? undefined : await unfinishedRun(pool, source.location);
  const resumable = previous?.fingerprint === source.fingerprint ? previous : undefined;
  const runId = await startRun(pool, {
    source: source.location.split('/').pop() ?? source.location,
    location: source.location,
    fingerprint: source.fingerprint,
    format: 'tiger:addrfeat',
  });
  const client = await pool.connect();
  const stager = new ChunkStager(client, runId, options.chunkRecords ?? 20_000, copyIntoRangeStaging);
  let broken = false;
  try {
    await adoptRangeStaging(client, source.location, runId, resumable?.id);
    const opened = [];
    for (const file of files) opened.push(await openAddrfeat(file));
    const total = opened.reduce((n, f) => n + f.dbf.records, 0);
    const progress = options.progress === true ? terminalProgress(total) : options.progress || undefined;
    // A bar is drawn every 1,024 records; a sink of the caller's own hears of each.
    const every = options.progress === true ? 1023 : 0;
    let seq = 0;
    const counted: RangeFileResult[] = [];
    try {
      for (const file of opened) {
        const read = await readAddrfeat(file, stager, {
          first: seq,
          skip: resumable?.rowsCommitted ?? 0,
          onRecord: (n) => {
            if ((n & every) === 0) progress?.update({ bytes: n, rows: n, inserted: 0 });
          },
          skipped: result.skipped,
        });
        seq += read.records;
        result.resumedAfter += read.resumed;
        result.ranges += read.file.ranges;
        counted.push(read.file);
      }
    } finally {
      for (const f of opened) await f.close();
      progress?.done();
    }
    await stager.flush(seq);
    await mergeRun(client, runId, seq, counted, result);
  } catch (err) {
    // A session left inside a COPY cannot roll back or serve anyone: it is closed instead.
    broken = stager.inCopy;
    if (broken) stager.destroy();
    else await client.query('ROLLBACK').catch(() => {});
    const error = (err as Error)?.message ?? String(err);
    await finishRun(pool, runId, { status: 'failed', rowsRead: stager.committed, error }).catch(() => {});
    throw err;
  } finally {
    stager.destroy();
    client.release(broken);
  }
}

/** The run's one transaction: staged ranges into the store, the run recorded complete. */
async function mergeRun(
  client: pg.PoolClient,
  runId: string,
  seq: number,
  files: RangeFileResult[],
  result: RangeImportResult,
): Promise<void> {
  const counties = [...new Set(files.map((f) => f.county))];
  await client.query('BEGIN');
  // A source of one Census-named county file replaces that county's ranges; anything else adds.
  const merged = await mergeRanges(client, runId, counties.length === 1 ? counties[0] : null);
  await finishRun(client, runId, { status: 'complete', rowsRead: seq, format: 'tiger:addrfeat' });
  await client.query('UPDATE address_point_imports SET inserted = $2, rows_committed = $3 WHERE id = $1', [
    runId,
    merged.inserted + merged.updated + merged.removed,
    seq,
  ]);
  await client.query('COMMIT');
  result.segments += seq;
  result.inserted += merged.inserted;
  result.updated += merged.updated;
  result.removed += merged.removed;
  result.stored = merged.stored;
  result.zips = merged.zips;
  result.files.push(...files);
}
