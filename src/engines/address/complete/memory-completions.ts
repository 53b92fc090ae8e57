import { type ReferencePoint, type StreetForm, streetKey } from '../verify/reference-point.js';
import { rangeLow } from '../verify/street-range.js';
import type { AreaFilter, CompletionSource, FallbackPlan, FallbackRead } from './complete.js';
import { numbersInRange, type RangeSide, type RangeWant } from './range-numbers.js';
import { exactRange, type KeyRange, type SearchPlan } from './search-plan.js';
import { fallbackStreets, StreetNameIndex } from './street-names.js';

const inRange = (key: string, r: KeyRange) => key >= r.from && key < r.to;
const byKey = (a: [string, ReferencePoint], b: [string, ReferencePoint]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/**
 * Completions over points and side ranges held in memory, reading them as the PostgreSQL store
 * does (same keys, same order, same limits per range, the same street-name index): for engine tests.
 */
export class MemoryCompletions implements CompletionSource {
  private readonly streetNames: StreetNameIndex;
  /**
   * Side ranges of streets without points in their ZIP (points win), in the store's order; a range
   * under an alternate name is a side of its own, with `primary` set.
   */
  private readonly sides: RangeSide[];

  constructor(
    private readonly points: ReferencePoint[],
    ranges: readonly RangeSide[] = [],
  ) {
    const counts = new Map<string, number>();
    for (const p of points) counts.set(p.street.name, (counts.get(p.street.name) ?? 0) + 1);
    for (const r of ranges) counts.set(r.street.name, (counts.get(r.street.name) ?? 0) + 1);
    const names = [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    this.streetNames = StreetNameIndex.of(names.map(([name, n]) => ({ name, points: n })));
    const pointed = new Set(points.map((p) => `${p.zip}|${streetKey(p.street)}`));
    const hasPoints = (r: RangeSide, s: StreetForm) => pointed.has(`${r.zip}|${streetKey(s)}`);
    // Points win under the primary name and under the alternate one, as in verification.
    this.sides = ranges
      .filter((r) => !hasPoints(r, r.street) && !(r.primary && hasPoints(r, r.primary)))
      .sort(
        (a, b) =>
          compare(a.street.name, b.street.name) ||
          compare(a.range.prefix, b.range.prefix) ||
          rangeLow(a.range) - rangeLow(b.range),
      );
  }

  async ranges(plan: SearchPlan, want: RangeWant, filter: AreaFilter, rows: number): Promise<RangeSide[]> {
    const held = this.sides.filter((r) => fits(r, filter) && numbersInRange(r.range, want, 1).length);
    if (!plan.split.names.length) return held.slice(0, rows);
    return plan.split.names.flatMap((k) => held.filter((r) => inRange(r.street.name, k)).slice(0, rows));
  }

  async prefix(plan: SearchPlan, filter: AreaFilter, rows: number): Promise<ReferencePoint[]> {
    const keyed = this.points
      .filter((p) => fits(p, filter))
      .map((p): [string, ReferencePoint] => [
        plan.by === 'street' ? p.street.name : `${p.number} ${p.street.name}`,
        p,
      ])
      .sort(byKey);
    return plan.ranges.flatMap((r) =>
      keyed
        .filter(
          ([key, p]) => inRange(key, r) && (!r.unit || (p.unitId ?? '').replace(/-/g, '').startsWith(r.unit)),
        )
        .slice(0, rows)
        .map(([, p]) => p),
    );
  }

  async fallback(
    plan: FallbackPlan,
    filter: AreaFilter,
    rows: number,
    want?: RangeWant,
  ): Promise<FallbackRead> {
    const wanted = new Set(fallbackStreets(this.streetNames, plan));
    const ranges = want
      ? await this.ranges(
          { by: 'street', ranges: [], split: { names: [...wanted].map((n) => exactRange(n)) } },
          want,
          filter,
          rows,
        )
      : [];
    const on = this.points.filter((p) => wanted.has(p.street.name) && fits(p, filter));
    const numbered = plan.number ? on.filter((p) => inRange(p.number, plan.number!)) : on;
    // Per street, its lowest numbers (in byte order), as the store reads them.
    const byNumber = (list: ReferencePoint[]) =>
      [...list].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    const perName = (list: ReferencePoint[], n: number) =>
      [...wanted].flatMap((name) => byNumber(list.filter((p) => p.street.name === name)).slice(0, n));
    return { points: [...perName(numbered, rows), ...(plan.streetLevel ? perName(on, 5) : [])], ranges };
  }

  prominence(): (zip: string) => number {
    const counts = new Map<string, number>();
    for (const p of this.points) counts.set(p.zip, (counts.get(p.zip) ?? 0) + 1);
    return (zip) => counts.get(zip) ?? 0;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function fits(p: Pick<ReferencePoint, 'state' | 'zip' | 'city'>, f: AreaFilter): boolean {
  if (f.states && !f.states.includes(p.state)) return false;
  if (f.postal && !(f.postalExact ? p.zip === f.postal : p.zip.startsWith(f.postal))) return false;
  if (f.city) {
    const named = f.cityExact ? p.city === f.city : p.city.startsWith(f.city);
    if (!named && !f.cityZips?.includes(p.zip)) return false;
  }
  return true;
}
