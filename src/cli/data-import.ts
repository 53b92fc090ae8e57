import { loadConfig } from '../config/config.js';
import { SafeFetchError } from '../platform/safe-fetch.js';
import {
  type BoundaryImportResult,
  importBoundaries,
} from '../reference-store/boundaries/import-boundaries.js';
import { formatBoundarySources } from '../reference-store/boundaries/public-layers.js';
import { isBoundaryLocation } from '../reference-store/boundaries/sources.js';
import { FORMATS, type SourceFormat } from '../reference-store/import/entry-records.js';
import { recentRuns } from '../reference-store/import/import.repo.js';
import { ImportInputError } from '../reference-store/import/import-errors.js';
import {
  type ImportOptions,
  type ImportResult,
  importPoints,
} from '../reference-store/import/import-points.js';
import { formatSources } from '../reference-store/import/public-sources.js';
import { FETCH_DEFAULTS } from '../reference-store/import/source-input.js';
import { importRanges, type RangeImportResult } from '../reference-store/ranges/import-ranges.js';
import { formatRangeSources } from '../reference-store/ranges/public-ranges.js';
import { isAddressRangeLocation } from '../reference-store/ranges/range-files.js';
import { type Args, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

/** `postroom data import` and `postroom data sources` (their flags and help: specs/data.ts). */
export async function dataCommand(args: Args): Promise<number> {
  const [, sub] = args.positional;
  if (sub === 'sources') return sourcesCommand(args);
  if (sub === 'import') return importCommand(args);
  throw new UsageError(`unknown command data ${sub}`);
}

async function sourcesCommand(args: Args): Promise<number> {
  if (!args.flags.runs) {
    console.log(`${formatSources()}\n\n${formatBoundarySources()}\n\n${formatRangeSources()}`);
    return 0;
  }
  const runs = await withDatabase((db) => recentRuns(db.pool));
  if (!runs.length) console.log('no imports yet');
  for (const r of runs)
    console.log(
      `${r.startedAt}  ${r.status.padEnd(8)} ${r.location}  ${r.rowsRead} rows, ${r.inserted} new` +
        (r.status === 'failed' ? `, ${r.rowsCommitted} committed: ${r.error}` : ''),
    );
  return 0;
}

async function importCommand(args: Args): Promise<number> {
  const { format, ...otherFlags } = args.flags;
  const shapefile = format === 'shapefile' || format === 'addrfeat';
  const options = importOptions(shapefile ? { ...args, flags: otherFlags } : args);
  const location = importLocation(args);
  const locations = [location, ...args.positional.slice(3)];
  try {
    // Address ranges (TIGER/Line ADDRFEAT, with ADDRFN and FEATNAMES) have their own importer.
    const ranges = format === 'shapefile' ? [] : await Promise.all(locations.map(isAddressRangeLocation));
    if (format === 'addrfeat' || (ranges.length && ranges.every(Boolean))) {
      const result = await withDatabase((db) =>
        importRanges(db.pool, locations, { fetch: options.fetch, resume: options.resume, progress: true }),
      );
      console.log(rangeSummary(result));
      return 0;
    }
    if (ranges.some(Boolean))
      throw new UsageError('address ranges (ADDRFEAT) and other files are imported in separate runs');
    // Boundary shapefiles (a zip, folder, parts or URL of TIGER/Line files) go to their own importer.
    if (shapefile || (await Promise.all(locations.map(isBoundaryLocation))).every(Boolean)) {
      const result = await withDatabase((db) =>
        importBoundaries(db.pool, locations, {
          fetch: options.fetch,
          resume: options.resume,
          progress: true,
        }),
      );
      console.log(boundarySummary(result));
      return 0;
    }
    if (locations.length > 1)
      throw new UsageError('several files at once must be boundary shapefiles (TIGER/Line)');
    const result = await withDatabase((db) =>
      importPoints(db.pool, location, { ...options, progress: true }),
    );
    console.log(summary(location, result));
    return 0;
  } catch (err) {
    if (err instanceof ImportInputError || err instanceof SafeFetchError) {
      console.error(`${err.message}${resumeHint(err)}`);
      return 2;
    }
    throw err;
  }
}

/** The source: the positional argument, or a URL that a bare `--allow-private` swallowed. */
function importLocation(args: Args): string {
  const given = args.positional[2];
  const swallowed = args.flags['allow-private'];
  const location =
    given ?? (typeof swallowed === 'string' && /^https?:/i.test(swallowed) ? swallowed : undefined);
  if (!location) throw new UsageError('needs FILE|URL');
  return location;
}

/** Flags -> importer options; a bad value is a usage error naming the flag. */
export function importOptions(args: Args): ImportOptions {
  const text = (name: string) => {
    const v = args.flags[name];
    if (v === undefined) return undefined;
    if (v === true || v === '') throw new UsageError(`--${name} needs a value`);
    return v;
  };
  const positive = (name: string) => {
    const v = text(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number`);
    return n;
  };
  const format = text('format');
  if (format !== undefined && !FORMATS.includes(format as SourceFormat))
    throw new UsageError(`--format must be one of: ${FORMATS.join(', ')}`);
  const allow = args.flags['allow-private'];
  const timeout = positive('timeout');
  return {
    map: text('map'),
    format: format as SourceFormat | undefined,
    country: text('country'),
    region: text('region'),
    source: text('source'),
    resume: !args.flags['no-resume'],
    fetch: {
      // An operator's own URL on their own network is allowed when they say so, for this run
      // (--allow-private) or for the installation (POSTROOM_ALLOW_PRIVATE_URLS).
      allowPrivate: (allow !== undefined && allow !== 'false') || loadConfig().allowPrivateUrls,
      maxBytes: positive('max-bytes') ?? FETCH_DEFAULTS.maxBytes,
      timeoutMs: timeout ? timeout * 1000 : FETCH_DEFAULTS.timeoutMs,
    },
  };
}

/** The import's summary: its second line accounts for every row read (fates add up to the rows). */
export function summary(location: string, r: ImportResult): string {
  const read = r.entries.map(
    (e) =>
      `${e.name} as ${e.format}${e.country ? ` (${[e.country, e.region].filter(Boolean).join(', ')})` : ''}`,
  );
  return (
    `${location}: ${r.rows} rows, ${r.inserted} new points` +
    ` in ${r.seconds.toFixed(1)} s (${Math.round(r.rows / Math.max(r.seconds, 0.001))} rows/s)` +
    (r.resumedAfter ? `; resumed after the ${r.resumedAfter} rows an interrupted run stored` : '') +
    `\n  ${rowFates(r)}` +
    `\n  read ${read.join('; ')}` +
    (r.passedOver.length ? `\n  passed over ${r.passedOver.join(', ')}` : '')
  );
}

/** "of the 12000 rows: 11234 new, 0 already stored, 766 repeated an earlier row's address, 0 skipped". */
export function rowFates(r: ImportResult): string {
  const reasons = Object.entries(r.skipped).sort(([, a], [, b]) => b - a);
  const skipped = reasons.reduce((n, [, count]) => n + count, 0);
  return (
    `of the ${r.rows} rows: ` +
    (r.resumedAfter ? `${r.resumedAfter} stored by the interrupted run (not processed again), ` : '') +
    `${r.inserted} new, ${r.alreadyStored} already stored, ` +
    `${r.repeated} repeated an earlier row's address, ${skipped} skipped` +
    (reasons.length ? ` (${reasons.map(([why, n]) => `${n} ${why}`).join(', ')})` : '')
  );
}

function boundarySummary(r: BoundaryImportResult): string {
  const skipped = Object.entries(r.skipped).map(([why, n]) => `${n} ${why}`);
  const files = r.files.map(
    (f) =>
      `${f.name}: ${f.areas} ${f.layer} areas` +
      (f.vintage ? ` (${f.vintage})` : '') +
      (f.replaces
        ? `, replacing the layer's ${f.replaces === 'us' ? 'areas' : `areas of state ${f.replaces}`}`
        : ''),
  );
  const layers = Object.entries(r.layers).map(([layer, n]) => `${layer} ${n}`);
  return (
    `${r.areas} areas read: ${r.inserted} new, ${r.updated} changed, ${r.removed} removed` +
    (skipped.length ? `, skipped ${skipped.join(', ')}` : '') +
    ` in ${r.seconds.toFixed(1)} s` +
    (r.resumedAfter ? `; resumed after the ${r.resumedAfter} areas an interrupted run staged` : '') +
    `\n  ${files.join('\n  ')}` +
    (layers.length ? `\n  stored: ${layers.join(', ')}` : '')
  );
}

function rangeSummary(r: RangeImportResult): string {
  const skipped = Object.entries(r.skipped).map(([why, n]) => `${n} ${why}`);
  const files = r.files.map(
    (f) =>
      `${f.name}: ${f.kind === 'addrfn' ? `${f.records} alternate names` : `${f.records} segments, ${f.ranges} side ranges`}` +
      (f.vintage ? ` (${f.vintage})` : '') +
      (f.county ? `, replacing county ${f.county}'s` : ''),
  );
  const alternates = r.alternates.added || r.alternates.removed;
  return (
    `${r.segments} segments read, ${r.ranges} side ranges: ${r.inserted} new, ${r.updated} changed, ${r.removed} removed` +
    (alternates ? `; alternate names ${r.alternates.added} new, ${r.alternates.removed} removed` : '') +
    (skipped.length ? `; refused ${skipped.join(', ')}` : '') +
    ` in ${r.seconds.toFixed(1)} s (${Math.round(r.segments / Math.max(r.seconds, 0.001))} segments/s)` +
    (r.resumedAfter ? `; resumed after the ${r.resumedAfter} segments an interrupted run staged` : '') +
    `\n  ${files.join('\n  ')}` +
    (r.passedOver.length ? `\n  passed over (no ADDRFN of their county): ${r.passedOver.join(', ')}` : '') +
    `\n  stored: ${r.stored} side ranges in ${r.zips} ZIPs`
  );
}

function resumeHint(err: Error): string {
  return err instanceof SafeFetchError && err.retryable
    ? '\n  the rows stored so far are kept; run the same command again to resume'
    : '';
}
