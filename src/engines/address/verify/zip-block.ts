import { storeMasks } from './letter-masks.js';
import { numberKey, type ReferencePoint, type StreetForm, streetKey, unitKey } from './reference-point.js';
import { rangeAt, type StreetRange } from './street-range.js';

/** The points of one street in one ZIP, by house number. */
export interface BlockStreet {
  key: string;
  form: StreetForm;
  /** Compact name (no spaces) for fuzzy comparison. */
  compactName: string;
  byNumber: Map<string, ReferencePoint[]>;
  /** The street's address ranges in this ZIP (TIGER/Line), by its primary or an alternate name. */
  ranges?: StreetRange[];
  /** For a street known by an alternate name (ADDRFN), the street of its ranges' primary name. */
  primary?: BlockStreet;
  /** Every point of the street (geocoding interpolates along them), built on first use. */
  points?: ReferencePoint[];
}

/** The street's points, number by number: built once per cached block, not per verification. */
export function streetPoints(street: BlockStreet): ReferencePoint[] {
  street.points ??= [...street.byNumber.values()].flat();
  return street.points;
}

/**
 * The range of a street holding a house number (a numberKey), used only where no imported point
 * is on the street in this ZIP: points, where a source has them, are the better evidence.
 */
export function rangeFor(street: BlockStreet, key: string): StreetRange | undefined {
  // Points under the primary name count too: "US HWY 31E" is Bardstown Road, whose points decide.
  if (!street.ranges || street.byNumber.size || street.primary?.byNumber.size) return undefined;
  return rangeAt(street.ranges, key);
}

/** Whether the street has the house number: a point at it, else a range holding it. */
export function hasNumber(street: BlockStreet, key: string): boolean {
  return street.byNumber.has(key) || rangeFor(street, key) !== undefined;
}

/** A side's range under one of its names (the primary FULLNAME or an ADDRFN alternate). */
export interface NamedRange {
  street: StreetForm;
  range: StreetRange;
  /** For an alternate name, the range's primary name. */
  primary?: StreetForm;
}

/**
 * Every reference point of one ZIP, indexed for matching: street key -> numbers -> points,
 * and street name -> streets (the same name with other types or directionals).
 * Blocking by ZIP keeps each search small however many points the store holds.
 */
let blocksMade = 0;

export class ZipBlock {
  /** Tells this instance from a block of the same ZIP read again after eviction (area indexes check it). */
  readonly id = ++blocksMade;
  readonly streets = new Map<string, BlockStreet>();
  readonly byName = new Map<string, BlockStreet[]>();
  /** Name and type run together ("COUNTRYACRES"): one side may read the type as part of the name. */
  readonly byJoinedName = new Map<string, BlockStreet[]>();
  #byLength: Map<number, NameBucket> | undefined;

  /** Names of one length with their letter masks, for typo search (built on first use). */
  namesOfLength(length: number): NameBucket {
    return this.nameBuckets().get(length) ?? EMPTY_BUCKET;
  }

  /** Every length's bucket (built on first use). */
  nameBuckets(): ReadonlyMap<number, NameBucket> {
    if (!this.#byLength) {
      const lists = new Map<number, NameEntry[]>();
      for (const [name, streets] of this.byName) {
        const list = lists.get(name.length) ?? [];
        list.push({ name, streets });
        lists.set(name.length, list);
      }
      this.#byLength = new Map();
      for (const [n, entries] of lists) this.#byLength.set(n, { masks: namesMasks(entries), entries });
    }
    return this.#byLength;
  }

  /** Whether any point here has a unit: only then can a unit be called wrong. */
  recordsUnits = false;

  constructor(
    readonly zip: string,
    points: Iterable<ReferencePoint>,
    ranges: Iterable<NamedRange> = [],
  ) {
    for (const p of points) this.add(p);
    for (const r of ranges) this.addRange(r);
  }

  /** How many points the block holds (cache accounting). */
  size = 0;

  private streetOf(form: StreetForm): BlockStreet {
    const key = streetKey(form);
    let street = this.streets.get(key);
    if (!street) {
      street = { key, form, compactName: form.name.replace(/\s+/g, ''), byNumber: new Map() };
      this.streets.set(key, street);
      push(this.byName, street.compactName, street);
      push(this.byJoinedName, `${street.compactName}${form.type ?? ''}`, street);
    }
    return street;
  }

  /** A range is one more entry of its street: found by the same exact, variant and typo search as points. */
  private addRange({ street, range, primary }: NamedRange): void {
    this.size++;
    const s = this.streetOf(street);
    if (primary) s.primary ??= this.streetOf(primary);
    if (s.ranges) s.ranges.push(range);
    else s.ranges = [range];
  }

  private add(p: ReferencePoint): void {
    this.size++;
    if (p.unitId) this.recordsUnits = true;
    const street = this.streetOf(p.street);
    const n = numberKey(p.number);
    const list = street.byNumber.get(n) ?? [];
    list.push(p);
    street.byNumber.set(n, list);
  }
}

export interface NameEntry {
  name: string;
  streets: BlockStreet[];
}

function namesMasks(entries: NameEntry[]): Int32Array {
  const masks = new Int32Array(entries.length * 2);
  for (const [i, { name }] of entries.entries()) storeMasks(masks, i, name);
  return masks;
}

/**
 * The names of one length, with their letter masks (letter-masks.ts, two per name) in one
 * typed array: the typo search tests thousands of masks per input, and a flat array of
 * integers scans far faster than the entry objects.
 */
export interface NameBucket {
  masks: Int32Array;
  entries: NameEntry[];
}

const EMPTY_BUCKET: NameBucket = { masks: new Int32Array(0), entries: [] };

/** Points at one building: the unit-less point (if any) and the units. */
export function unitsAt(points: ReferencePoint[]): {
  base?: ReferencePoint;
  units: Map<string, ReferencePoint>;
} {
  const units = new Map<string, ReferencePoint>();
  let base: ReferencePoint | undefined;
  for (const p of points) {
    if (p.unitId) units.set(unitKey(p.unitId), p);
    else base ??= p;
  }
  return { base, units };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
