import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Flatbush from 'flatbush';
import { AreaGroup, type AreaRecord } from '../../../../src/engines/address/geography/area-group.js';
import { itemsAt } from '../../../../src/engines/address/geography/point-query.js';
import {
  encodeRings,
  fixed,
  isGeometry,
  PolygonSet,
} from '../../../../src/engines/address/geography/polygon.js';

/** A closed ring of the box, in degrees. */
const box = (x0: number, y0: number, x1: number, y1: number) => [x0, y0, x1, y0, x1, y1, x0, y1, x0, y0];

/** A ring of n vertices on a wobbly circle: many edges, so the band index is used. */
function circle(cx: number, cy: number, r: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const rr = r * (1 + 0.05 * Math.sin(7 * a));
    out.push(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  return out;
}

const set = (...polygons: number[][][]) => new PolygonSet(polygons.map((rings) => encodeRings(rings)!.bytes));
const inside = (s: PolygonSet, p: number, lon: number, lat: number) => s.contains(p, fixed(lon), fixed(lat));

describe('polygon encoding', () => {
  test('rings are closed, the bbox is in stored integers, and the bytes check as a geometry', () => {
    const open = [0, 0, 1, 0, 1, 1, 0, 1];
    const encoded = encodeRings([open])!;
    assert.deepEqual(encoded.bbox, { minX: 0, minY: 0, maxX: fixed(1), maxY: fixed(1) });
    // [rings, vertices of the ring (4 + the closing one), 5 pairs]
    assert.equal(encoded.bytes.length, 4 * (1 + 1 + 10));
    assert.equal(encoded.bytes.readInt32LE(4), 5);
    assert.ok(isGeometry(encoded.bytes));
    assert.equal(isGeometry(Buffer.from([1, 2, 3])), false);
    assert.equal(encodeRings([[0, 0, 1, 1]]), undefined, 'a ring of two vertices holds nothing');
  });

  test('unaligned bytes (as a database driver may hand them over) read the same', () => {
    const { bytes } = encodeRings([box(0, 0, 1, 1)])!;
    const shifted = Buffer.alloc(bytes.length + 1);
    bytes.copy(shifted, 1);
    const s = new PolygonSet([shifted.subarray(1)]);
    assert.ok(inside(s, 0, 0.5, 0.5));
  });
});

describe('point in polygon', () => {
  test('a square: inside, outside, and on each side of its edges', () => {
    const s = set([box(-85.8, 38.2, -85.7, 38.27)]);
    assert.ok(inside(s, 0, -85.75, 38.23));
    assert.equal(inside(s, 0, -85.69, 38.23), false);
    assert.equal(inside(s, 0, -85.75, 38.28), false);
    assert.equal(inside(s, 0, -85.81, 38.19), false);
  });

  test('a hole: a point in it is outside the polygon, and inside the island that fills it', () => {
    const outer = box(-85.8, 38.2, -85.7, 38.27);
    const hole = box(-85.765, 38.245, -85.745, 38.255);
    const s = set([outer, hole], [hole]);
    assert.equal(inside(s, 0, -85.748, 38.2512), false);
    assert.ok(inside(s, 1, -85.748, 38.2512));
    assert.ok(inside(s, 0, -85.759, 38.257), 'just past the hole');
    // An island inside the hole counts as inside again (even-odd).
    const island = box(-85.76, 38.248, -85.75, 38.252);
    const withIsland = set([outer, hole, island]);
    assert.ok(inside(withIsland, 0, -85.755, 38.25));
    assert.equal(inside(withIsland, 0, -85.762, 38.25), false);
  });

  test('a multipolygon: each part holds, the gap between them does not', () => {
    const s = set([box(-85.72, 38.215, -85.7, 38.23), box(-85.765, 38.245, -85.745, 38.26)]);
    assert.ok(inside(s, 0, -85.711, 38.2211));
    assert.ok(inside(s, 0, -85.748, 38.2512));
    assert.equal(inside(s, 0, -85.73, 38.24), false);
  });

  test('a point on an edge shared by two polygons belongs to exactly one of them', () => {
    const s = set([box(0, 0, 1, 1)], [box(1, 0, 2, 1)]);
    for (const y of [0.1, 0.5, 0.9]) {
      const hits = [0, 1].filter((p) => inside(s, p, 1, y));
      assert.equal(hits.length, 1, `y ${y}`);
    }
  });

  test('a polygon of many edges (band index) answers as the plain scan does, holes included', () => {
    const ring = circle(-85.7, 38.2, 0.3, 5000);
    const hole = circle(-85.7, 38.2, 0.1, 400);
    const banded = set([ring, hole]);
    // The same polygon, tested edge by edge: split into a PolygonSet per ring is not the same
    // thing, so compare against an even-odd count done here.
    const rings = [ring, hole].map((r) => r.map(fixed));
    const scan = (x: number, y: number) => {
      let odd = false;
      for (const r of rings)
        for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
          const [xi, yi, xj, yj] = [r[i], r[i + 1], r[j], r[j + 1]];
          if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) odd = !odd;
        }
      return odd;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let agreed = 0;
    for (let k = 0; k < 5000; k++) {
      const x = fixed(-85.7 + (random() - 0.5) * 0.8);
      const y = fixed(38.2 + (random() - 0.5) * 0.8);
      assert.equal(banded.contains(0, x, y), scan(x, y), `at ${x}, ${y}`);
      agreed++;
    }
    assert.equal(agreed, 5000);
    assert.ok(inside(banded, 0, -85.7, 38.45));
    assert.equal(inside(banded, 0, -85.7, 38.2), false, 'the centre is in the hole');
  });
});

describe('area group (R-tree + exact test)', () => {
  const record = (code: string, rings: number[][]): AreaRecord => {
    const e = encodeRings(rings)!;
    return { info: { geoid: `21111${code}`, code }, bbox: e.bbox, geometry: e.bytes };
  };

  test('finds the area holding a point among many, none outside them all, overlapping bboxes told apart', () => {
    // A 20 x 20 grid of square blocks, plus an L-shaped area whose bbox covers others.
    const records: AreaRecord[] = [];
    for (let i = 0; i < 20; i++)
      for (let j = 0; j < 20; j++)
        records.push(record(`${i}-${j}`, [box(i * 0.01, j * 0.01, (i + 1) * 0.01, (j + 1) * 0.01)]));
    records.push(record('L', [[0.3, 0, 0.5, 0, 0.5, 0.05, 0.35, 0.05, 0.35, 0.2, 0.3, 0.2, 0.3, 0]]));
    const group = new AreaGroup(records);
    assert.equal(group.find(fixed(0.055), fixed(0.125))?.code, '5-12');
    assert.equal(group.find(fixed(0.199), fixed(0.001))?.code, '19-0');
    assert.equal(group.find(fixed(0.32), fixed(0.15))?.code, 'L');
    assert.equal(group.find(fixed(0.45), fixed(0.15)), undefined, 'in the L bbox, not in the L');
    assert.equal(group.find(fixed(-0.01), fixed(0.05)), undefined);
    assert.ok(group.bytes > 0);
  });

  test('a small group (tested box by box) answers the same', () => {
    const group = new AreaGroup([record('a', [box(0, 0, 1, 1)]), record('b', [box(1, 0, 2, 1)])]);
    assert.equal(group.find(fixed(0.5), fixed(0.5))?.code, 'a');
    assert.equal(group.find(fixed(1.5), fixed(0.5))?.code, 'b');
    assert.equal(group.find(fixed(2.5), fixed(0.5)), undefined);
  });
});

describe('point query over flatbush (itemsAt)', () => {
  test('finds the same items as Flatbush#search, in any tree size, and falls back when the buffer is full', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const n of [1, 15, 16, 17, 300, 5000]) {
      const index = new Flatbush(n, 16, Int32Array);
      for (let i = 0; i < n; i++) {
        const x = Math.floor(random() * 1e6);
        const y = Math.floor(random() * 1e6);
        index.add(x, y, x + Math.floor(random() * 1e5), y + Math.floor(random() * 1e5));
      }
      index.finish();
      const out = new Int32Array(256);
      for (let k = 0; k < 200; k++) {
        const x = Math.floor(random() * 1.1e6);
        const y = Math.floor(random() * 1.1e6);
        const count = itemsAt(index, x, y, out);
        assert.deepEqual([...out.subarray(0, count)].sort(), index.search(x, y, x, y).sort(), `n ${n}`);
      }
    }
    const stacked = new Flatbush(40, 16, Int32Array);
    for (let i = 0; i < 40; i++) stacked.add(0, 0, 10, 10);
    stacked.finish();
    const small = new Int32Array(8);
    assert.equal(itemsAt(stacked, 5, 5, small), 8);
  });
});
