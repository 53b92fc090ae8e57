/** A minimal shapefile writer (.shp of polygons or lines + .dbf of character fields) for synthetic bench layers. */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export interface Feature {
  /** Rings, each a flat closed [x0, y0, ..., x0, y0] of degrees; for lines (shape type 3), the line's parts. */
  rings: number[][];
  values: string[];
}

/**
 * Writes `${stem}.shp`, `.dbf` and `.cpg`; `fields` are [name, width] of character columns;
 * `shapeType` 5 (polygons) or 3 (polylines: the same record layout).
 */
export async function writeShapefile(
  stem: string,
  fields: Array<[string, number]>,
  features: Iterable<Feature>,
  count: number,
  shapeType: 3 | 5 = 5,
): Promise<void> {
  const shp = createWriteStream(`${stem}.shp`);
  const dbf = createWriteStream(`${stem}.dbf`);
  createWriteStream(`${stem}.cpg`).end('UTF-8');
  const recordLength = 1 + fields.reduce((n, [, w]) => n + w, 0);
  const head = Buffer.alloc(32 + 32 * fields.length + 1);
  head[0] = 0x03;
  head.writeUInt32LE(count, 4);
  head.writeUInt16LE(head.length, 8);
  head.writeUInt16LE(recordLength, 10);
  fields.forEach(([name, width], i) => {
    head.write(name, 32 + 32 * i, 'latin1');
    head[32 + 32 * i + 11] = 'C'.charCodeAt(0);
    head[32 + 32 * i + 16] = width;
  });
  head[head.length - 1] = 0x0d;
  const write = async (stream: ReturnType<typeof createWriteStream>, b: Buffer) => {
    if (!stream.write(b)) await once(stream, 'drain');
  };
  await write(dbf, head);
  // The .shp header's length is known only at the end: the records are written after a
  // placeholder header, then the header is written again at offset 0.
  const records: Buffer[] = [];
  let bytes = 100;
  const minMax = [Infinity, Infinity, -Infinity, -Infinity];
  let n = 0;
  const flush = async () => {
    for (const r of records.splice(0)) await write(shp, r);
  };
  await write(shp, Buffer.alloc(100));
  for (const f of features) {
    const points = f.rings.reduce((s, r) => s + r.length / 2, 0);
    const content = 44 + 4 * f.rings.length + 16 * points;
    const rec = Buffer.alloc(8 + content);
    rec.writeInt32BE(++n, 0);
    rec.writeInt32BE(content / 2, 4);
    rec.writeInt32LE(shapeType, 8);
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const r of f.rings)
      for (let i = 0; i < r.length; i += 2) {
        box[0] = Math.min(box[0], r[i]);
        box[1] = Math.min(box[1], r[i + 1]);
        box[2] = Math.max(box[2], r[i]);
        box[3] = Math.max(box[3], r[i + 1]);
      }
    box.forEach((v, i) => {
      rec.writeDoubleLE(v, 12 + 8 * i);
    });
    for (let i = 0; i < 4; i++) minMax[i] = i < 2 ? Math.min(minMax[i], box[i]) : Math.max(minMax[i], box[i]);
    rec.writeInt32LE(f.rings.length, 44);
    rec.writeInt32LE(points, 48);
    let at = 0;
    f.rings.forEach((r, i) => {
      rec.writeInt32LE(at, 52 + 4 * i);
      at += r.length / 2;
    });
    let o = 52 + 4 * f.rings.length;
    for (const r of f.rings)
      for (const v of r) {
        rec.writeDoubleLE(v, o);
        o += 8;
      }
    records.push(rec);
    bytes += rec.length;
    const row = Buffer.alloc(recordLength, 0x20);
    let off = 1;
    fields.forEach(([, w], i) => {
      row.write(f.values[i].slice(0, w), off, 'utf8');
      off += w;
    });
    await write(dbf, row);
    if (records.length >= 256) await flush();
  }
  await flush();
  dbf.end(Buffer.from([0x1a]));
  shp.end();
  await Promise.all([once(shp, 'close'), once(dbf, 'close')]);
  const header = Buffer.alloc(100);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE(bytes / 2, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(shapeType, 32);
  minMax.forEach((v, i) => {
    header.writeDoubleLE(v, 36 + 8 * i);
  });
  const { open } = await import('node:fs/promises');
  const h = await open(`${stem}.shp`, 'r+');
  await h.write(header, 0, 100, 0);
  await h.close();
}
