import type { Readable } from 'node:stream';
import { ImportInputError } from '../import/import-errors.js';
import { ByteReader } from './byte-reader.js';

/**
 * A streaming reader of the .shp part of a shapefile (ESRI Shapefile Technical Description,
 * 1998): a 100-byte header, then records of a big-endian (number, length in 16-bit words)
 * header and a little-endian shape. Polygons (5, and 15/25 with Z or M values, which are
 * passed over) or polylines (3, 13/23: the same layout of parts and points), and null shapes,
 * are read; TIGER/Line boundary files are polygons, its address range features (ADDRFEAT) lines.
 */

const FILE_CODE = 9994;
/** What a reader expects: the shape types of each kind and how errors name them. */
const KINDS = {
  polygons: { types: new Set([5, 15, 25]), one: 'polygon', layers: 'boundary layers are polygons' },
  lines: { types: new Set([3, 13, 23]), one: 'line', layers: 'address range features are lines' },
} as const;
export type ShapeKind = keyof typeof KINDS;
const TYPE_NAMES: Record<number, string> = {
  1: 'points',
  3: 'lines',
  5: 'polygons',
  8: 'multipoints',
  11: 'points',
  13: 'lines',
  15: 'polygons',
  18: 'multipoints',
  21: 'points',
  23: 'lines',
  25: 'polygons',
  28: 'multipoints',
  31: 'multipatches',
};

/**
 * One record: null (no shape) or its parts (the rings of a polygon, the lines of a polyline),
 * each a flat [x0, y0, x1, y1...] of degrees.
 */
export type ShpShape = { parts: Float64Array[] } | null;

export class ShpReader {
  private readonly bytes: ByteReader;
  private fileBytes = 0;
  private records = 0;

  private constructor(
    stream: Readable,
    readonly name: string,
    private readonly kind: (typeof KINDS)[ShapeKind],
  ) {
    this.bytes = new ByteReader(stream, name);
  }

  /** Opens and checks the header: a shapefile of that kind (polygons by default), in degrees (its bbox says so). */
  static async open(stream: Readable, name: string, kind: ShapeKind = 'polygons'): Promise<ShpReader> {
    const reader = new ShpReader(stream, name, KINDS[kind]);
    const head = await reader.bytes.read(100, 'the header');
    if (!head || head.readInt32BE(0) !== FILE_CODE)
      throw new ImportInputError(`${name}: not a shapefile (.shp): no shapefile header`);
    reader.fileBytes = head.readInt32BE(24) * 2;
    const type = head.readInt32LE(32);
    if (type !== 0 && !reader.kind.types.has(type))
      throw new ImportInputError(
        `${name}: a shapefile of ${TYPE_NAMES[type] ?? `shape type ${type}`}; ${reader.kind.layers}`,
      );
    const [minX, minY, maxX, maxY] = [36, 44, 52, 60].map((at) => head.readDoubleLE(at));
    if (type !== 0 && (minX < -180.5 || maxX > 180.5 || minY < -90.5 || maxY > 90.5))
      throw new ImportInputError(
        `${name}: coordinates outside longitude/latitude degrees (bbox ${minX}, ${minY}, ${maxX}, ${maxY}): ` +
          'a projected file; TIGER/Line files are in NAD83 degrees',
      );
    return reader;
  }

  /** The next record's shape, or undefined after the last (the header's length says where that is). */
  async next(): Promise<ShpShape | undefined> {
    if (this.bytes.position >= this.fileBytes) return undefined;
    const n = this.records + 1;
    const head = await this.bytes.need(8, `the header of record ${n}`);
    const length = head.readInt32BE(4) * 2;
    if (length < 4 || this.bytes.position + length > this.fileBytes)
      throw new ImportInputError(`${this.name}: record ${n} is damaged (length ${length} bytes)`);
    const body = await this.bytes.need(length, `record ${n}`);
    this.records = n;
    const type = body.readInt32LE(0);
    if (type === 0) return null;
    if (!this.kind.types.has(type) || length < 44)
      throw new ImportInputError(`${this.name}: record ${n} is not a ${this.kind.one} (shape type ${type})`);
    const parts = body.readInt32LE(36);
    const points = body.readInt32LE(40);
    if (parts < 1 || points < 0 || 44 + 4 * parts + 16 * points > length)
      throw new ImportInputError(
        `${this.name}: record ${n} is damaged (${parts} parts, ${points} points in ${length} bytes)`,
      );
    const out: Float64Array[] = [];
    const at = 44 + 4 * parts;
    for (let p = 0; p < parts; p++) {
      const start = body.readInt32LE(44 + 4 * p);
      const end = p + 1 < parts ? body.readInt32LE(44 + 4 * (p + 1)) : points;
      if (start < 0 || end > points || end < start)
        throw new ImportInputError(`${this.name}: record ${n} is damaged (part ${p} at ${start}..${end})`);
      const part = new Float64Array((end - start) * 2);
      for (let i = 0; i < part.length; i++) part[i] = body.readDoubleLE(at + 8 * (start * 2 + i));
      out.push(part);
    }
    return { parts: out };
  }

  /** Records read so far. */
  get count(): number {
    return this.records;
  }

  /** Bytes read so far (progress). */
  get position(): number {
    return this.bytes.position;
  }

  close(): Promise<void> {
    return this.bytes.close();
  }
}
