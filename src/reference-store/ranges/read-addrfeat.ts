import { reference } from '../../engines/address/index.js';
import { referenceStreet } from '../../engines/address/verify/street-form.js';
import type { ChunkStager } from '../boundaries/chunk-stager.js';
import { DbfReader } from '../boundaries/dbf.js';
import { ShpReader } from '../boundaries/shp.js';
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
  const county = file.name?.county ?? '';
  const vintage = file.name?.year ?? '';
  let records = 0;
  let resumed = 0;
  let ranges = 0;
  const skip = (why: string) => {
    run.skipped[why] = (run.skipped[why] ?? 0) + 1;
  };
  for (;;) {
    const [shape, row] = await Promise.all([shp.next(), dbf.next()]);
    if (shape === undefined && row === undefined) break;
    if (shape === undefined || row === undefined)
      throw new ImportInputError(
        `${file.parts.label(shape === undefined ? '.shp' : '.dbf')}: the file is cut short or does not belong with its ` +
          `${shape === undefined ? '.dbf' : '.shp'}: it ends after record ${records} of the ${dbf.records} the .dbf announces`,
      );
    records++;
    const seq = run.first + records;
    run.onRecord(seq);
    if (seq <= run.skip) {
      resumed++;
      continue;
    }
    if (row.deleted) {
      skip('deleted in the .dbf');
      continue;
    }
    const columns = opened.read(row.raw);
    const why = !shape
      ? 'without a shape'
      : !columns.tlid
        ? 'without TLID'
        : !columns.fullname
          ? 'without FULLNAME'
          : '';
    const line = why || !shape ? undefined : encodeLine(shape.parts);
    if (why || !line) {
      skip(why || 'a line of fewer than two points');
      continue;
    }
    const street = referenceStreet(columns.fullname);
    for (const side of columns.sides) {
      const range = sideRange(side);
      if (range === undefined) continue;
      if (typeof range === 'string') {
        skip(range);
        continue;
      }
      const zip = reference.zip(side.zip);
      const state = file.name?.state ?? zip?.state;
      if (!state) {
        skip('range of a ZIP of no known state');
        continue;
      }
      ranges++;
      const key = `${columns.tlid}${side.side}:${side.arid || `${side.from}-${side.to}:${side.zip}`}`;
      const staged = {
        seq,
        county,
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
        vintage,
      };
      // seq - 1: a chunk committed between this record's two sides must not count it as staged.
      await stager.add(rangeLine(stager.runId, staged), seq - 1);
    }
  }
  return {
    records,
    resumed,
    file: {
      name: file.parts.label('.shp'),
      kind: 'addrfeat' as const,
      county: county || null,
      vintage,
      records,
      ranges,
    },
  };
}
