import type { ReferencePoint } from '../verify/reference-point.js';
import type { AreaFilter, CompletionSource, FallbackPlan } from './complete.js';
import type { KeyRange, SearchPlan } from './search-plan.js';
import { fallbackStreets, StreetNameIndex } from './street-names.js';

const inRange = (key: string, r: KeyRange) => key >= r.from && key < r.to;
const byKey = (a: [string, ReferencePoint], b: [string, ReferencePoint]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/**
 * Completions over points held in memory, reading them as the PostgreSQL store does (same
 * keys, same order, same limits per range, the same street-name index): for engine tests.
 */
export class MemoryCompletions implements CompletionSource {
  private readonly streetNames: StreetNameIndex;

  constructor(private readonly points: ReferencePoint[]) {
    const counts = new Map<string, number>();
    for (const p of points) counts.set(p.street.name, (counts.get(p.street.name) ?? 0) + 1);
    this.streetNames = StreetNameIndex.of([...counts].map(([name, n]) => ({ name, points: n })));
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

  async fallback(plan: FallbackPlan, filter: AreaFilter, rows: number): Promise<ReferencePoint[]> {
    const wanted = new Set(fallbackStreets(this.streetNames, plan));
    const on = this.points.filter((p) => wanted.has(p.street.name) && fits(p, filter));
    const numbered = plan.number ? on.filter((p) => inRange(p.number, plan.number!)) : on;
    // Per street, its lowest numbers (in byte order), as the store reads them.
    const byNumber = (list: ReferencePoint[]) =>
      [...list].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    const perName = (list: ReferencePoint[], n: number) =>
      [...wanted].flatMap((name) => byNumber(list.filter((p) => p.street.name === name)).slice(0, n));
    return [...perName(numbered, rows), ...(plan.streetLevel ? perName(on, 5) : [])];
  }

  prominence(): (zip: string) => number {
    const counts = new Map<string, number>();
    for (const p of this.points) counts.set(p.zip, (counts.get(p.zip) ?? 0) + 1);
    return (zip) => counts.get(zip) ?? 0;
  }
}

function fits(p: ReferencePoint, f: AreaFilter): boolean {
  if (f.states && !f.states.includes(p.state)) return false;
  if (f.postal && !(f.postalExact ? p.zip === f.postal : p.zip.startsWith(f.postal))) return false;
  if (f.city) {
    const named = f.cityExact ? p.city === f.city : p.city.startsWith(f.city);
    if (!named && !f.cityZips?.includes(p.zip)) return false;
  }
  return true;
}
