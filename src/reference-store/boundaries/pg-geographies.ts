import Flatbush from 'flatbush';
import type { Queryable } from '../../db/pool.js';
import { AreaGroup } from '../../engines/address/geography/area-group.js';
import type { GeographySource, LayerId, PlacedAreas } from '../../engines/address/geography/layers.js';
import { itemsAt } from '../../engines/address/geography/point-query.js';
import { fixed } from '../../engines/address/geography/polygon.js';
import { groupAreas, groupDirectory, layersVersion } from './boundaries.repo.js';

export interface PgGeographiesOptions {
  /** Heap bytes the loaded groups may hold (least recently used dropped first); default 256 MB. */
  maxBytes?: number;
  /** How often to check whether another process imported boundaries (ms). */
  recheckMs?: number;
}

/** One layer's load units: their keys and bboxes, with an R-tree over them when there are many. */
interface Directory {
  layer: LayerId;
  keys: string[];
  /** The cached group of each key, beside the LRU map: a placement reads these, not the map. */
  slots: Array<Cached | undefined>;
  boxes: Int32Array;
  index?: Flatbush;
}

interface Cached {
  dir: Directory;
  slot: number;
  group: AreaGroup;
  bytes: number;
  used: number;
}

const DIRECTORY_TREE_FROM = 8;

/**
 * The imported TIGER/Line layers, for placing points: a directory of every load unit's bbox
 * (a county's blocks or tracts, a state's districts, one CBSA) is read at start and when an
 * import changes a layer; a unit's polygons are read and indexed (AreaGroup) when a point
 * first falls in its bbox, and kept in an LRU bounded by heap bytes. A warm placement is a
 * plain value computed in memory; a cold one a promise.
 */
export class PgGeographies implements GeographySource {
  private dirs: Directory[] = [];
  private ready = false;
  private version = '';
  private checkedAt = 0;
  private refreshing: Promise<void> | undefined;
  private groups = new Map<string, Cached>();
  private loading = new Map<string, Promise<AreaGroup | undefined>>();
  private tick = 0;
  private generation = 0;
  private heldBytes = 0;
  private readonly maxBytes: number;
  private readonly recheckMs: number;

  constructor(
    private readonly db: Queryable,
    options: PgGeographiesOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.recheckMs = options.recheckMs ?? 5000;
  }

  async warm(): Promise<void> {
    await this.refresh();
  }

  /** Loaded groups, their areas and the heap bytes they hold (bench, operations). */
  stats(): { layers: LayerId[]; groups: number; areas: number; bytes: number } {
    let areas = 0;
    for (const c of this.groups.values()) areas += c.group.size;
    return { layers: this.dirs.map((d) => d.layer), groups: this.groups.size, areas, bytes: this.heldBytes };
  }

  place(lon: number, lat: number): PlacedAreas | Promise<PlacedAreas> {
    if (!this.ready || Date.now() - this.checkedAt >= this.recheckMs)
      return this.refresh().then(() => this.placeNow(lon, lat));
    return this.placeNow(lon, lat);
  }

  /** Forget everything (after an import in this process). */
  invalidate(): void {
    this.ready = false;
    this.version = '';
  }

  private placeNow(
    lon: number,
    lat: number,
    loaded?: Map<string, AreaGroup>,
  ): PlacedAreas | Promise<PlacedAreas> {
    if (!this.dirs.length) return {};
    const x = fixed(lon);
    const y = fixed(lat);
    const tick = ++this.tick;
    const out: PlacedAreas = {};
    let missing: string[] | undefined;
    for (const dir of this.dirs) {
      let absent: string[] | undefined;
      let found = false;
      const n = candidates(dir, x, y);
      for (let k = 0; k < n; k++) {
        const slot = GROUPS[k];
        const cached = dir.slots[slot];
        const key = dir.keys[slot];
        const group = cached?.group ?? loaded?.get(key);
        if (!group) {
          if (!loaded) {
            absent = absent ?? [];
            absent.push(key);
          }
          continue;
        }
        if (cached) cached.used = tick;
        const hit = group.find(x, y);
        if (hit) {
          out[dir.layer] = hit;
          found = true;
          break;
        }
      }
      // A layer already answered needs none of its other candidate groups.
      if (absent && !found) {
        missing = missing ?? [];
        missing.push(...absent);
      }
    }
    if (missing) return this.load(missing).then((groups) => this.placeNow(lon, lat, groups));
    return out;
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.reloadDirectory().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async reloadDirectory(): Promise<void> {
    const version = await layersVersion(this.db);
    this.checkedAt = Date.now();
    if (this.ready && version === this.version) return;
    const rows = await groupDirectory(this.db);
    const byLayer = new Map<LayerId, typeof rows>();
    for (const r of rows) {
      const list = byLayer.get(r.layer) ?? [];
      list.push(r);
      byLayer.set(r.layer, list);
    }
    const dirs: Directory[] = [];
    for (const [layer, list] of byLayer) {
      const boxes = new Int32Array(list.length * 4);
      list.forEach((r, i) => {
        boxes.set([r.bbox.minX, r.bbox.minY, r.bbox.maxX, r.bbox.maxY], i * 4);
      });
      let index: Flatbush | undefined;
      if (list.length >= DIRECTORY_TREE_FROM) {
        index = new Flatbush(list.length, 16, Int32Array);
        for (const r of list) index.add(r.bbox.minX, r.bbox.minY, r.bbox.maxX, r.bbox.maxY);
        index.finish();
      }
      dirs.push({
        layer,
        keys: list.map((r) => `${layer}|${r.grp}`),
        slots: new Array(list.length),
        boxes,
        index,
      });
    }
    this.dirs = dirs;
    this.version = version;
    this.ready = true;
    this.generation++;
    this.groups.clear();
    this.loading.clear();
    this.heldBytes = 0;
  }

  /** Reads the groups of these keys (those not being read already), a query per layer; shares reads in flight. */
  private async load(keys: string[]): Promise<Map<string, AreaGroup>> {
    const generation = this.generation;
    const waits: Array<Promise<void>> = [];
    const out = new Map<string, AreaGroup>();
    const byLayer = new Map<LayerId, string[]>();
    for (const key of new Set(keys)) {
      const inFlight = this.loading.get(key);
      if (inFlight) {
        waits.push(
          inFlight.then((g) => {
            if (g) out.set(key, g);
          }),
        );
        continue;
      }
      const [layer, grp] = splitKey(key);
      const list = byLayer.get(layer) ?? [];
      list.push(grp);
      byLayer.set(layer, list);
    }
    for (const [layer, grps] of byLayer) {
      const read = groupAreas(this.db, layer, grps);
      for (const grp of grps) {
        const key = `${layer}|${grp}`;
        const one = read.then((byGroup) => {
          const records = byGroup.get(grp);
          return records?.length ? new AreaGroup(records) : undefined;
        });
        const settled = one.finally(() => {
          if (this.loading.get(key) === settled) this.loading.delete(key);
        });
        this.loading.set(key, settled);
        waits.push(
          settled.then((g) => {
            if (!g) return;
            out.set(key, g);
            if (generation === this.generation) this.store(key, g);
          }),
        );
      }
    }
    await Promise.all(waits);
    return out;
  }

  private store(key: string, group: AreaGroup): void {
    if (this.groups.has(key)) return;
    const [layer] = splitKey(key);
    const dir = this.dirs.find((d) => d.layer === layer);
    const slot = dir ? dir.keys.indexOf(key) : -1;
    if (!dir || slot < 0) return;
    const bytes = group.bytes;
    const cached = { dir, slot, group, bytes, used: ++this.tick };
    dir.slots[slot] = cached;
    this.groups.set(key, cached);
    this.heldBytes += bytes;
    if (this.heldBytes > this.maxBytes) this.evict(key);
  }

  /** Drops the least recently used groups down to 90% of the budget; the one just read stays. */
  private evict(keep: string): void {
    const byAge = [...this.groups].sort((a, b) => a[1].used - b[1].used);
    for (const [key, cached] of byAge) {
      if (this.heldBytes <= this.maxBytes * 0.9) break;
      if (key === keep) continue;
      this.groups.delete(key);
      cached.dir.slots[cached.slot] = undefined;
      this.heldBytes -= cached.bytes;
    }
  }
}

function splitKey(key: string): [LayerId, string] {
  const at = key.indexOf('|');
  return [key.slice(0, at) as LayerId, key.slice(at + 1)];
}

/** A layer's groups whose bbox holds the point (county bboxes overlap a few neighbours at most). */
const GROUPS = new Int32Array(256);

/** Writes the indexes of a layer's groups whose bbox holds the point into GROUPS; returns how many. */
function candidates(dir: Directory, x: number, y: number): number {
  if (dir.index) return itemsAt(dir.index, x, y, GROUPS);
  let n = 0;
  const b = dir.boxes;
  for (let i = 0; i < dir.keys.length && n < GROUPS.length; i++) {
    const o = i * 4;
    if (x < b[o] || y < b[o + 1] || x > b[o + 2] || y > b[o + 3]) continue;
    GROUPS[n++] = i;
  }
  return n;
}
