import path from 'node:path';
import type { Pool } from '../../db/pool.js';
import { reference } from '../../engines/address/index.js';
import { entryRecords, type SourceFormat } from './entry-records.js';
import { finishRun, settleAfterImport, startRun, unfinishedRun } from './import.repo.js';
import { ImportInputError } from './import-errors.js';
import { hintFromPath, type PlaceHint, placeRecord } from './place-record.js';
import { copyLine } from './point-row.js';
import { type ImportProgress, terminalProgress } from './progress.js';
import { type SourceEntry, sourceEntries } from './source-entries.js';
import { type FetchLimits, isUrl, openSource, type SourceInput } from './source-input.js';
import { StagedWriter } from './staged-writer.js';

export interface ImportOptions {
  /** `--map` spec for CSV files (column-map.ts). */
  map?: string;
  /** `--format`: skip sniffing. */
  format?: SourceFormat;
  /** `--country` (alpha-2, alpha-3 or name): for files that do not say; overrides the path. */
  country?: string;
  /** `--region`: for records without a region of their own. */
  region?: string;
  /** Name recorded with each point; defaults to the file name. */
  source?: string;
  /** Rows per COPY + merge round: bounds the staging table and the transaction. */
  chunkRows?: number;
  /** true: a bar on a terminal, plain lines otherwise (progress.ts); or a sink of one's own. */
  progress?: boolean | ImportProgress;
  /** Limits and private-address policy for a URL. */
  fetch?: FetchLimits;
  /** Skip the rows an interrupted run of the same unchanged source committed (default true). */
  resume?: boolean;
}

/**
 * What became of every row read: `rows` = `inserted` + `alreadyStored` + `repeated` + the
 * `skipped` counts + `resumedAfter`.
 */
export interface ImportResult {
  rows: number;
  /** New points. */
  inserted: number;
  /** Rows whose address was already stored: by an earlier import, or an earlier chunk of this one. */
  alreadyStored: number;
  /** Rows repeating the address of an earlier row of their chunk (the same point twice in the file). */
  repeated: number;
  /** Rows that cannot be points, by reason ('no number', 'no position'...). */
  skipped: Record<string, number>;
  seconds: number;
  /** The files read (one, or a zip's members) with the format and place each was read as. */
  entries: Array<{ name: string; format: SourceFormat; country?: string; region?: string }>;
  /** Zip members that were not address data. */
  passedOver: string[];
  /** Rows not read again because an interrupted run had committed them. */
  resumedAfter: number;
}

/**
 * Streams address points from a file or URL into the store: open (download; gunzip; a zip's
 * members one by one) -> records (CSV, GeoJSON lines, NAD text) -> standardized points -> COPY
 * into a staging table -> merge in chunks, each chunk one transaction. Memory stays flat
 * whatever the size. Re-running adds nothing (points are keyed by their address), and a
 * re-run after an interruption skips the rows the interrupted run committed.
 */
export async function importPoints(
  pool: Pool,
  location: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = Date.now();
  const country = options.country ? countryCode(options.country) : undefined;
  const input = await openSource(location, options.fetch);
  const source = options.source ?? path.basename(input.name);
  const skip = await rowsToResumeAfter(pool, location, input, options);
  const runId = await startRun(pool, {
    source,
    location,
    fingerprint: input.fingerprint,
    format: options.format ?? 'auto',
  });
  const progress = options.progress === true ? terminalProgress(input.size) : options.progress || undefined;
  const result = emptyResult();
  const writer = await StagedWriter.open(pool, runId, options.chunkRows ?? 200_000);
  const reading: Reading = { location, source, skip, country, options, writer, result, progress };
  let failure: unknown;
  try {
    await readEntries(input, reading);
    await writer.finish(result.rows);
    progress?.update({
      bytes: input.size ?? input.bytesRead(),
      rows: result.rows,
      inserted: writer.inserted,
    });
  } catch (err) {
    failure = err;
  } finally {
    await writer.close();
    result.inserted = writer.inserted;
    result.alreadyStored = writer.alreadyStored;
    result.repeated = writer.repeated;
    progress?.done();
    await input.cleanup().catch(() => {});
  }
  if (failure !== undefined) {
    // After the writer closed: a merge that was in flight has committed or rolled back by now.
    await finishRun(pool, runId, {
      status: 'failed',
      rowsRead: result.rows,
      error: (failure as Error)?.message ?? String(failure),
    }).catch(() => {});
    throw failure;
  }
  await finishRun(pool, runId, {
    status: 'complete',
    rowsRead: result.rows,
    format: [...new Set(result.entries.map((e) => e.format))].join('+'),
  });
  if (result.inserted > 0) await settleAfterImport(pool);
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

/** A run's reading: where its points go, what became of each row, and what it was told. */
interface Reading {
  location: string;
  source: string;
  /** Rows an interrupted run of this unchanged source committed: counted again, not staged. */
  skip: number;
  country: string | undefined;
  options: ImportOptions;
  writer: StagedWriter;
  result: ImportResult;
  progress: ImportProgress | undefined;
}

/** The rows an interrupted run of the same source committed, when the source has not changed since. */
async function rowsToResumeAfter(
  pool: Pool,
  location: string,
  input: SourceInput,
  options: ImportOptions,
): Promise<number> {
  const previous = options.resume === false ? undefined : await unfinishedRun(pool, location);
  return previous?.fingerprint && previous.fingerprint === input.fingerprint ? previous.rowsCommitted : 0;
}

function emptyResult(): ImportResult {
  return {
    rows: 0,
    inserted: 0,
    alreadyStored: 0,
    repeated: 0,
    skipped: {},
    seconds: 0,
    entries: [],
    passedOver: [],
    resumedAfter: 0,
  };
}

/** Every entry of the source (one file, or a zip's members); a source with no address file is an error. */
async function readEntries(input: SourceInput, reading: Reading): Promise<void> {
  const { result, location } = reading;
  for await (const entry of sourceEntries(input)) await readEntry(entry, reading);
  if (!result.entries.length)
    throw new ImportInputError(
      `${location}: no address file in it` +
        (result.passedOver.length ? ` (passed over: ${result.passedOver.join(', ')})` : ''),
    );
}

/** One entry's records staged as points; an entry that is not address data is passed over. */
async function readEntry(entry: SourceEntry, reading: Reading): Promise<void> {
  const { options, result, writer, progress } = reading;
  const opened = await entryRecords(entry, { format: options.format, map: options.map });
  if (!opened) {
    result.passedOver.push(entry.name);
    return;
  }
  const hint = placeHint(entry.name, opened.format, entry.inZip || isOpenAddressesUrl(reading.location), {
    country: reading.country,
    region: options.region,
  });
  result.entries.push({ name: entry.name, format: opened.format, ...hint });
  for await (const record of opened.records) {
    result.rows++;
    if (result.rows <= reading.skip) {
      result.resumedAfter = result.rows;
      continue;
    }
    const placed = placeRecord(record, hint);
    if (typeof placed === 'string') result.skipped[placed] = (result.skipped[placed] ?? 0) + 1;
    else
      await writer.add(
        `${copyLine(placed.point, reading.source, record.id, placed.country, record.delivery)}\n`,
        result.rows,
      );
    if ((result.rows & 1023) === 0)
      progress?.update({ bytes: entry.sourceBytes(), rows: result.rows, inserted: writer.inserted });
  }
}

function countryCode(given: string): string {
  const known = reference.country(given);
  if (!known) throw new ImportInputError(`--country "${given}" is not a known country code or name`);
  return known.alpha2;
}

/** OpenAddresses batch outputs are named ".../us/ky/jefferson-addresses-county.geojson.gz". */
function isOpenAddressesUrl(location: string): boolean {
  return isUrl(location) && /-addresses-/i.test(location);
}

/** Flags first, then the path (zip members and OpenAddresses URLs only), then the format (NAD is US). */
function placeHint(name: string, format: SourceFormat, pathSays: boolean, flags: PlaceHint): PlaceHint {
  const fromPath = pathSays ? hintFromPath(name) : {};
  const country = flags.country ?? fromPath.country ?? (format === 'nad' ? 'US' : undefined);
  const region = flags.region ?? (fromPath.country === country ? fromPath.region : undefined);
  return { ...(country ? { country } : {}), ...(region ? { region } : {}) };
}
