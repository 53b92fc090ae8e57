import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { SourceRecord } from '../../engines/address/verify/point-from-record.js';
import { columnMap, MapError } from './column-map.js';
import { ImportInputError } from './import-errors.js';
import { isNadHeader, nadMap } from './nad-columns.js';
import { peek, type SourceEntry } from './source-entries.js';

/** `csv`: OpenAddresses CSV (or any CSV with --map); `geojson`: OpenAddresses GeoJSON lines; `nad`: NAD text. */
export const FORMATS = ['csv', 'geojson', 'nad'] as const;
export type SourceFormat = (typeof FORMATS)[number];

export interface EntryRecords {
  format: SourceFormat;
  records: AsyncIterable<SourceRecord>;
}

/**
 * An entry's records, its format sniffed from the first line unless given: a line starting
 * with `{` is GeoJSON, a header with NAD's field names is NAD, any other header is CSV in the
 * OpenAddresses layout. Undefined for a zip member that is not address data (a README).
 */
export async function entryRecords(
  entry: SourceEntry,
  options: { format?: SourceFormat; map?: string } = {},
): Promise<EntryRecords | undefined> {
  const { head, stream } = await peek(entry.stream, 64 * 1024, true);
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const passOver = () => {
    stream.destroy();
    return undefined;
  };
  if (!text.trim()) {
    if (entry.inZip) return passOver();
    throw new ImportInputError(`${entry.name}: the file is empty`);
  }
  if (head.includes(0)) {
    if (entry.inZip) return passOver();
    throw new ImportInputError(`${entry.name}: not a text file (CSV, GeoJSON lines or NAD text)`);
  }
  const format = options.format ?? sniff(firstLine);
  if (format === 'geojson') {
    if (/"FeatureCollection"/.test(firstLine))
      throw new ImportInputError(
        `${entry.name}: a GeoJSON FeatureCollection; the importer reads GeoJSON lines (one Feature per line), as OpenAddresses publishes them`,
      );
    return { format, records: geojsonRecords(entry.name, stream) };
  }
  const header = parseHeader(firstLine);
  let toRecord: (row: string[]) => SourceRecord;
  try {
    toRecord = format === 'nad' ? nadMap(header) : columnMap(header, options.map);
  } catch (err) {
    if (entry.inZip && err instanceof MapError && !options.map && !options.format) return passOver();
    stream.destroy();
    throw err instanceof MapError ? new MapError(`${entry.name}: ${err.message}`) : err;
  }
  return { format, records: csvRecords(entry.name, stream, toRecord) };
}

function sniff(firstLine: string): SourceFormat {
  if (firstLine.trimStart().startsWith('{')) return 'geojson';
  return isNadHeader(parseHeader(firstLine)) ? 'nad' : 'csv';
}

/** A header line's names (quotes removed); enough to sniff and map, the parser reads it again. */
function parseHeader(line: string): string[] {
  return line.split(',').map((h) => h.trim().replace(/^"(.*)"$/, '$1'));
}

async function* csvRecords(
  name: string,
  stream: Readable,
  toRecord: (row: string[]) => SourceRecord,
): AsyncGenerator<SourceRecord> {
  const rows = stream.pipe(
    parse({ relax_column_count: true, bom: true, skip_empty_lines: true, from_line: 2 }),
  );
  stream.on('error', (err) => rows.destroy(err));
  try {
    for await (const row of rows as AsyncIterable<string[]>) yield toRecord(row);
  } catch (err) {
    throw readError(name, err);
  } finally {
    stream.destroy();
  }
}

async function* geojsonRecords(name: string, stream: Readable): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  try {
    for await (const line of lines) {
      n++;
      if (!line.trim()) continue;
      let feature: { properties?: Record<string, unknown>; geometry?: { coordinates?: unknown } };
      try {
        feature = JSON.parse(line);
      } catch (err) {
        throw new ImportInputError(`${name}: line ${n} is not JSON (${(err as Error).message})`);
      }
      if (
        !feature ||
        typeof feature !== 'object' ||
        typeof feature.properties !== 'object' ||
        !feature.properties
      )
        throw new ImportInputError(`${name}: line ${n} is not a GeoJSON Feature with properties`);
      yield featureRecord(feature.properties, feature.geometry?.coordinates);
    }
  } catch (err) {
    throw readError(name, err);
  } finally {
    lines.close();
    stream.destroy();
  }
}

const FEATURE_FIELDS = ['number', 'street', 'unit', 'city', 'district', 'region', 'postcode', 'id'] as const;

/** An OpenAddresses feature's properties (lower case; upper case in some older files) and Point. */
function featureRecord(properties: Record<string, unknown>, coordinates: unknown): SourceRecord {
  let props = properties;
  if (!('number' in props) && !('street' in props))
    props = Object.fromEntries(Object.entries(props).map(([k, v]) => [k.toLowerCase(), v]));
  const record: SourceRecord = {};
  for (const field of FEATURE_FIELDS) {
    const v = props[field];
    if (v !== undefined && v !== null && v !== '') record[field] = String(v);
  }
  if (!record.id && props.hash) record.id = String(props.hash);
  if (Array.isArray(coordinates) && coordinates.length >= 2) {
    record.lon = String(coordinates[0]);
    record.lat = String(coordinates[1]);
  }
  return record;
}

/** A read failure as the operator should see it: a damaged file names itself; a download error passes as is. */
function readError(name: string, err: unknown): Error {
  if (err instanceof ImportInputError) return err;
  const e = err as { code?: string; message?: string; name?: string };
  if (e?.name === 'SafeFetchError') return err as Error;
  if (
    e?.code === 'Z_BUF_ERROR' ||
    e?.code === 'Z_DATA_ERROR' ||
    /unexpected end of file/i.test(e?.message ?? '')
  )
    return new ImportInputError(`${name}: the gzip data is damaged or cut short (${e.message})`);
  if (typeof e?.code === 'string' && e.code.startsWith('CSV_'))
    return new ImportInputError(`${name}: not readable as CSV (${e.message})`);
  if (/invalid|bad|corrupt/i.test(e?.message ?? '') && /zip|inflate|compress/i.test(e?.message ?? ''))
    return new ImportInputError(`${name}: damaged zip member (${e.message})`);
  return err as Error;
}
