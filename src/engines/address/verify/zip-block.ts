import { numberKey, type ReferencePoint, type StreetForm, streetKey, unitKey } from './reference-point.js';

/** The points of one street in one ZIP, by house number. */
export interface BlockStreet {
  key: string;
  form: StreetForm;
  /** Compact name (no spaces) for fuzzy comparison. */
  compactName: string;
  byNumber: Map<string, ReferencePoint[]>;
}

/**
 * Every reference point of one ZIP, indexed for matching: street key -> numbers -> points,
 * and street name -> streets (the same name with other types or directionals).
 * Blocking by ZIP keeps each search small however many points the store holds.
 */
export class ZipBlock {
  readonly streets = new Map<string, BlockStreet>();
  readonly byName = new Map<string, BlockStreet[]>();
  /** Whether any point here has a unit: only then can a unit be called wrong. */
  recordsUnits = false;

  constructor(
    readonly zip: string,
    points: Iterable<ReferencePoint>,
  ) {
    for (const p of points) this.add(p);
  }

  private add(p: ReferencePoint): void {
    if (p.unitId) this.recordsUnits = true;
    const key = streetKey(p.street);
    let street = this.streets.get(key);
    if (!street) {
      street = { key, form: p.street, compactName: p.street.name.replace(/\s+/g, ''), byNumber: new Map() };
      this.streets.set(key, street);
      const same = this.byName.get(street.compactName) ?? [];
      same.push(street);
      this.byName.set(street.compactName, same);
    }
    const n = numberKey(p.number);
    const list = street.byNumber.get(n) ?? [];
    list.push(p);
    street.byNumber.set(n, list);
  }
}

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
