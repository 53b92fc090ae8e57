/**
 * Polygons as the store keeps them and the point-in-polygon test over them.
 *
 * Coordinates are degrees x 10^7 in 32-bit integers (1.1 cm at the equator; TIGER/Line
 * publishes six to seven decimals), which halves the memory of doubles. A geometry is one
 * byte string, little-endian int32: [rings, length of each ring (vertices), x0, y0, x1, y1...],
 * every ring closed (its last vertex repeats its first). Outer rings, holes and the parts of a
 * multipolygon are all just rings: a point is inside when a ray from it crosses the rings an odd
 * number of times (even-odd), which is how a shapefile's rings are meant (an island in a hole in
 * a polygon counts as inside).
 */

export const SCALE = 1e7;

/** Degrees -> the stored integer. */
export const fixed = (degrees: number): number => Math.round(degrees * SCALE);

export interface Bbox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Encodes rings given in degrees (each a flat [x0, y0, x1, y1, ...] list) and returns the bytes
 * with their bbox (in stored integers). An unclosed ring is closed; rings of fewer than three
 * distinct vertices are dropped (they hold nothing).
 */
export function encodeRings(rings: ArrayLike<number>[]): { bytes: Buffer; bbox: Bbox } | undefined {
  const kept: Int32Array[] = [];
  for (const ring of rings) {
    const n = Math.floor(ring.length / 2);
    if (n < 3) continue;
    const closed = ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
    const out = new Int32Array(2 * (closed ? n : n + 1));
    for (let i = 0; i < 2 * n; i++) out[i] = fixed(ring[i]);
    if (!closed) {
      out[2 * n] = out[0];
      out[2 * n + 1] = out[1];
    }
    if (out.length >= 8) kept.push(out);
  }
  if (!kept.length) return undefined;
  const words = 1 + kept.length + kept.reduce((sum, r) => sum + r.length, 0);
  const all = new Int32Array(words);
  all[0] = kept.length;
  let at = 1 + kept.length;
  const bbox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  kept.forEach((ring, i) => {
    all[1 + i] = ring.length / 2;
    all.set(ring, at);
    at += ring.length;
    for (let j = 0; j < ring.length; j += 2) {
      if (ring[j] < bbox.minX) bbox.minX = ring[j];
      if (ring[j] > bbox.maxX) bbox.maxX = ring[j];
      if (ring[j + 1] < bbox.minY) bbox.minY = ring[j + 1];
      if (ring[j + 1] > bbox.maxY) bbox.maxY = ring[j + 1];
    }
  });
  return { bytes: littleEndian(all), bbox };
}

const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

function littleEndian(words: Int32Array): Buffer {
  const bytes = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
  return BIG_ENDIAN ? Buffer.from(bytes).swap32() : bytes;
}

/** Polygons with more edges than this get a band index: their test reads a few edges, not all. */
const BANDED_EDGES = 64;
/** Edges per band, on average, of a banded polygon. */
const EDGES_PER_BAND = 4;

/**
 * Horizontal bands over one polygon, each listing the edges whose height overlaps it: a ray
 * from a point crosses only edges of the point's band, so a county of 10,000 vertices costs a
 * few edge tests instead of 10,000.
 */
interface Bands {
  minY: number;
  height: number;
  count: number;
  /** Band b's edges are edges[starts[b]..starts[b + 1]), each the vertex index of its first end. */
  starts: Uint32Array;
  edges: Uint32Array;
}

/**
 * Many polygons in a few typed arrays (no object per ring or vertex), as a loaded group of
 * areas holds them; `contains(p, x, y)` is the exact test for polygon p.
 */
export class PolygonSet {
  /** x, y pairs of every ring of every polygon. */
  private coords: Int32Array;
  /** Ring r's vertices are [ringStart[r], ringStart[r + 1]). */
  private ringStart: Uint32Array;
  /** Polygon p's rings are [polyRing[p], polyRing[p + 1]). */
  private polyRing: Uint32Array;
  private bands: Array<Bands | undefined>;
  readonly count: number;

  /** From encoded geometries (encodeRings' bytes, as the store returns them). */
  constructor(geometries: readonly Uint8Array[]) {
    let vertices = 0;
    let rings = 0;
    const words = geometries.map((g) => readWords(g));
    for (const w of words) {
      rings += w[0];
      vertices += (w.length - 1 - w[0]) / 2;
    }
    this.count = geometries.length;
    this.coords = new Int32Array(vertices * 2);
    this.ringStart = new Uint32Array(rings + 1);
    this.polyRing = new Uint32Array(this.count + 1);
    this.bands = new Array(this.count);
    let v = 0;
    let r = 0;
    words.forEach((w, p) => {
      this.polyRing[p] = r;
      const n = w[0];
      this.coords.set(w.subarray(1 + n), v * 2);
      for (let i = 0; i < n; i++) {
        this.ringStart[r++] = v;
        v += w[1 + i];
      }
    });
    this.ringStart[r] = v;
    this.polyRing[this.count] = r;
    for (let p = 0; p < this.count; p++) this.bands[p] = this.band(p);
  }

  /** Heap bytes of the arrays (the bands included). */
  get bytes(): number {
    let n = this.coords.byteLength + this.ringStart.byteLength + this.polyRing.byteLength;
    for (const b of this.bands) if (b) n += b.starts.byteLength + b.edges.byteLength + 48;
    return n + this.bands.length * 8;
  }

  /** Whether polygon p holds (x, y) (stored integers). A point on an edge goes to one side consistently. */
  contains(p: number, x: number, y: number): boolean {
    const c = this.coords;
    const bands = this.bands[p];
    let inside = false;
    if (bands) {
      const b = Math.floor((y - bands.minY) / bands.height);
      if (b < 0 || b >= bands.count) return false;
      const end = bands.starts[b + 1];
      for (let k = bands.starts[b]; k < end; k++) {
        const i = bands.edges[k] * 2;
        if (crosses(c[i], c[i + 1], c[i + 2], c[i + 3], x, y)) inside = !inside;
      }
      return inside;
    }
    const lastRing = this.polyRing[p + 1];
    for (let r = this.polyRing[p]; r < lastRing; r++) {
      const end = this.ringStart[r + 1] * 2 - 2;
      for (let i = this.ringStart[r] * 2; i < end; i += 2)
        if (crosses(c[i], c[i + 1], c[i + 2], c[i + 3], x, y)) inside = !inside;
    }
    return inside;
  }

  private band(p: number): Bands | undefined {
    const c = this.coords;
    const first = this.polyRing[p];
    const last = this.polyRing[p + 1];
    let edges = 0;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let r = first; r < last; r++) {
      edges += this.ringStart[r + 1] - this.ringStart[r] - 1;
      for (let v = this.ringStart[r]; v < this.ringStart[r + 1]; v++) {
        const y = c[v * 2 + 1];
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
    if (edges <= BANDED_EDGES) return undefined;
    const count = Math.min(65_536, Math.ceil(edges / EDGES_PER_BAND));
    const height = Math.max(1, (maxY - minY) / count);
    const bandOf = (y: number) => Math.min(count - 1, Math.floor((y - minY) / height));
    const starts = new Uint32Array(count + 1);
    const each = (visit: (edge: number, from: number, to: number) => void) => {
      for (let r = first; r < last; r++)
        for (let v = this.ringStart[r]; v < this.ringStart[r + 1] - 1; v++) {
          const y0 = c[v * 2 + 1];
          const y1 = c[v * 2 + 3];
          visit(v, bandOf(Math.min(y0, y1)), bandOf(Math.max(y0, y1)));
        }
    };
    each((_e, from, to) => {
      for (let b = from; b <= to; b++) starts[b + 1]++;
    });
    for (let b = 0; b < count; b++) starts[b + 1] += starts[b];
    const list = new Uint32Array(starts[count]);
    const fill = starts.slice(0, count);
    each((e, from, to) => {
      for (let b = from; b <= to; b++) list[fill[b]++] = e;
    });
    return { minY, height, count, starts, edges: list };
  }
}

/** Whether the edge (x0, y0)-(x1, y1) crosses the ray from (x, y) towards +x (half-open in y). */
function crosses(x0: number, y0: number, x1: number, y1: number, x: number, y: number): boolean {
  if (y0 > y === y1 > y) return false;
  return x < x0 + ((y - y0) * (x1 - x0)) / (y1 - y0);
}

/** The int32 words of an encoded geometry (a copy when the bytes are unaligned or the host big-endian). */
function readWords(bytes: Uint8Array): Int32Array {
  if (!BIG_ENDIAN && bytes.byteOffset % 4 === 0)
    return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const copy = new Uint8Array(bytes); // its own buffer, at offset 0
  if (BIG_ENDIAN) Buffer.from(copy.buffer).swap32();
  return new Int32Array(copy.buffer, 0, copy.byteLength >> 2);
}

/** Checks that bytes are a geometry encodeRings wrote (the store's rows are; a test's may not be). */
export function isGeometry(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 4 || bytes.byteLength % 4) return false;
  const w = readWords(bytes);
  const n = w[0];
  if (n < 1 || 1 + n > w.length) return false;
  let vertices = 0;
  for (let i = 0; i < n; i++) {
    if (w[1 + i] < 4) return false;
    vertices += w[1 + i];
  }
  return 1 + n + vertices * 2 === w.length;
}
