import Flatbush from 'flatbush';
import type { AreaInfo } from './layers.js';
import { itemsAt } from './point-query.js';
import { type Bbox, PolygonSet } from './polygon.js';

/** One area as the store hands it over: what it says, its bbox (stored integers), its encoded geometry. */
export interface AreaRecord {
  info: AreaInfo;
  bbox: Bbox;
  geometry: Uint8Array;
}

/** Areas whose bbox holds the point: a few (bboxes of one layer overlap little); more fall back to search(). */
const HITS = new Int32Array(256);

/** Below this many areas a group tests bboxes in a loop: an R-tree of three boxes costs more than it saves. */
const LINEAR_BELOW = 8;

/**
 * The areas of one load unit of a layer (a county's blocks or tracts, a state's districts, one
 * CBSA): a static R-tree (flatbush) over their bboxes, then the exact point-in-polygon test on
 * the few whose bbox holds the point. Built once when the group is read; never changed.
 */
export class AreaGroup {
  private readonly index: Flatbush | undefined;
  private readonly boxes: Int32Array;
  private readonly polygons: PolygonSet;
  readonly areas: readonly AreaInfo[];

  constructor(records: readonly AreaRecord[]) {
    this.areas = records.map((r) => r.info);
    this.polygons = new PolygonSet(records.map((r) => r.geometry));
    this.boxes = new Int32Array(records.length * 4);
    records.forEach((r, i) => {
      this.boxes.set([r.bbox.minX, r.bbox.minY, r.bbox.maxX, r.bbox.maxY], i * 4);
    });
    if (records.length >= LINEAR_BELOW) {
      this.index = new Flatbush(records.length, 16, Int32Array);
      for (const r of records) this.index.add(r.bbox.minX, r.bbox.minY, r.bbox.maxX, r.bbox.maxY);
      this.index.finish();
    }
  }

  get size(): number {
    return this.areas.length;
  }

  /**
   * Heap bytes held: the polygons' arrays, the boxes and R-tree, and ~120 bytes per area for its
   * object and strings (measured: bench/geographies.ts).
   */
  get bytes(): number {
    return this.polygons.bytes + this.boxes.byteLength + (this.index?.data.byteLength ?? 0) + this.size * 120;
  }

  /** The area holding (x, y) (stored integers), if any; the first in the index when two would. */
  find(x: number, y: number): AreaInfo | undefined {
    if (this.index) {
      const n = itemsAt(this.index, x, y, HITS);
      for (let k = 0; k < n; k++) if (this.polygons.contains(HITS[k], x, y)) return this.areas[HITS[k]];
      return undefined;
    }
    const b = this.boxes;
    for (let i = 0; i < this.areas.length; i++) {
      const o = i * 4;
      if (x < b[o] || y < b[o + 1] || x > b[o + 2] || y > b[o + 3]) continue;
      if (this.polygons.contains(i, x, y)) return this.areas[i];
    }
    return undefined;
  }
}
