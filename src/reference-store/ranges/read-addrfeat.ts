import { reference } from '../../engines/address/index.js';
import { referenceStreet } from '../../engines/address/verify/street-form.js';
import type { ChunkStager } from '../boundaries/chunk-stager.js';
import { DbfReader } from '../boundaries/dbf.js';
import { ShpReader, type ShpShape } from '../boundaries/shp.js';
import { refuseProjected } from '../boundaries/sources.js';
import { ImportInputError } from '../import/import-errors.js';
import { addrfeatReader, type SegmentColumns, sideRange } from './addrfeat.js';
import type { RangeFile } from './range-files.js';
import { rangeLine } from './ranges-import.repo.js';

export interface OpenedAddrfeat {
  file: RangeFile;
  shp: ShpReader;
  dbf: DbfReader;
  read: (raw: Buffer) => SegmentColumns;
  close(): Promise<void>;
}

/** Opens an ADDRFEAT shapefile: degrees (.prj), the documented columns, a .shp of lines. */
export async function openAddrfeat(file: RangeFile): Promise<OpenedAddrfeat> {
  const { parts } = file;
  await refuseProjected(parts);
  const dbf = await DbfReader.open(await parts.open('.dbf'), parts.label('.dbf'), await parts.text('.cpg'));
  let shp: ShpReader | undefined;
  try {
    const read = addrfeatReader(parts.label('.dbf'), dbf);
    shp = await ShpReader.open(await parts.open('.shp'), parts.label('.shp'), 'lines');
    const opened = shp;
    return {
      file,
      shp: opened,
      dbf,
      read,
      close: async () => {
        await Promise.all([opened.close(), dbf.close()]).catch(() => {});
      },
    };
  } catch (err) {
    await dbf.close().catch(() => {});
    await shp?.close().catch(() => {});
    throw err;
  }
}

/** A line's parts, joined in order, as int32 little-endian pairs of degrees x 1e7; undefined under two points. */
export function encodeLine(parts: Float64Array[]): Buffer | undefined {
  const values = parts.reduce((n, p) => n + p.length, 0);
  if (values < 4) return undefined;
  const out = Buffer.allocUnsafe(values * 4);
  let at = 0;
  for (const part of parts)
    for (let i = 0; i < part.length; i++) {
      out.writeInt32LE(Math.round(part[i] * 1e7), at);
      at += 4;
    }
  return out;
}

interface Run {
  first: number;
  skip: number;
  onRecord: (n: number) => void;
  skipped: Record<string, number>;
}

/**
 * Reads one ADDRFEAT shapefile's records side by side into the stager: per record its two sides'
 * ranges, each with the street of its FULLNAME in the verifier's own standard form, its state
 * (the file's county's, else its ZIP's) and the ZIP's city. `skip` records (of the run) were
 * staged before.
 */
export async function readAddrfeat(opened: OpenedAddrfeat, stager: ChunkStager, run: Run) {
  const { file, shp, dbf } = opened;
  const place: FilePlace = {
    county: file.name?.county ?? '',
    vintage: file.name?.year ?? '',
    state: file.name?.state,
  };
  let records = 0;
  let resumed = 0;
  let ranges = 0;
  for (;;) {
    const [shape, row] = await Promise.all([shp.next(), dbf.next()]);
    if (shape === undefined && row === undefined) break;
    if (shape === undefined || row === undefined) throw cutShort(opened, shape === undefined, records);
    records++;
    const seq = run.first + records;
    run.onRecord(seq);
    if (seq <= run.skip) {
      resumed++;
      continue;
    }
    const segment = segmentOf(opened, shape, row);
    if (typeof segment === 'string') countSkipped(run, segment);
    else ranges += await stageSides(stager, run, segment, seq, place);
  }
  return {
    records,
    resumed,
    file: {
      name: file.parts.label('.shp'),
      kind: 'addrfeat' as const,
      county: place.county || null,
      vintage: place.vintage,
      records,
      ranges,
    },
  };
}

/** What the file's name says of every range in it. */
interface FilePlace {
  county: string;
  vintage: string;
  /** The county's state; undefined for a file not named as the Census names them. */
  state: string | undefined;
}

/** A record that can carry ranges: its columns, its street in standard form, its line encoded. */
interface Segment {
  columns: SegmentColumns;
  street: ReturnType<typeof referenceStreet>;
  line: Buffer;
}

function countSkipped(run: Run, why: string): void {
  run.skipped[why] = (run.skipped[why] ?? 0) + 1;
}

/** The .shp and .dbf end at different records: one is cut short, or they are not a pair. */
function cutShort(opened: OpenedAddrfeat, shpEnded: boolean, records: number): ImportInputError {
  const { file, dbf } = opened;
  return new ImportInputError(
    `${file.parts.label(shpEnded ? '.shp' : '.dbf')}: the file is cut short or does not belong with its ` +
      `${shpEnded ? '.dbf' : '.shp'}: it ends after record ${records} of the ${dbf.records} the .dbf announces`,
  );
}

/** A record as a segment, or why it is skipped (counted in the summary). */
function segmentOf(
  opened: OpenedAddrfeat,
  shape: ShpShape,
  row: { raw: Buffer; deleted: boolean },
): Segment | string {
  if (row.deleted) return 'deleted in the .dbf';
  const columns = opened.read(row.raw);
  if (!shape) return 'without a shape';
  if (!columns.tlid) return 'without TLID';
  if (!columns.fullname) return 'without FULLNAME';
  const line = encodeLine(shape.parts);
  if (!line) return 'a line of fewer than two points';
  return { columns, street: referenceStreet(columns.fullname), line };
}

/** Stages the segment's sides that have a range; returns how many it staged. */
async function stageSides(
  stager: ChunkStager,
  run: Run,
  segment: Segment,
  seq: number,
  place: FilePlace,
): Promise<number> {
  const { columns, street, line } = segment;
  let staged = 0;
  for (const side of columns.sides) {
    const range = sideRange(side);
    if (range === undefined) continue;
    if (typeof range === 'string') {
      countSkipped(run, range);
      continue;
    }
    const zip = reference.zip(side.zip);
    const state = place.state ?? zip?.state;
    if (!state) {
      countSkipped(run, 'range of a ZIP of no known state');
      continue;
    }
    staged++;
    const key = `${columns.tlid}${side.side}:${side.arid || `${side.from}-${side.to}:${side.zip}`}`;
    // seq - 1: a chunk committed between this record's two sides must not count it as staged.
    await stager.add(
      rangeLine(stager.runId, {
        seq,
        county: place.county,
        rangeKey: key,
        tlid: columns.tlid,
        side: side.side,
        arid: side.arid,
        zip: side.zip,
        state,
        city: zip?.city.toUpperCase() ?? '',
        street,
        ...range,
        parity: range.parity,
        plus4: /^\d{4}$/.test(side.plus4) ? side.plus4 : '',
        line,
        vintage: place.vintage,
      }),
      seq - 1,
    );
  }
  return staged;
}
