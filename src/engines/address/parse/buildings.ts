/**
 * Building names around a street: a tower or building closing a name, a building named by
 * a spelled-out number, a named complex, and a building's name written after the street.
 */
import {
  BUILDING_WORDS,
  COMPLEX_CLOSERS,
  COMPLEX_TYPES,
  isBuildingWord,
  TOWER_WORDS,
} from '../tables/building-words.js';
import { NAME_PARTICLES } from '../tables/street-words.js';
import type { Classified } from './classify.js';
import { isRouteWord } from './split-street.js';
import { officeBeforeBuilding } from './unit-start.js';
import { unitStartsAt } from './units.js';

/**
 * Where a building name made of plain words and a closing TOWER/BLDG ends, when such a
 * name is all that stands between `from` and the end or a unit; else -1.
 */
export function towerNameEnd(t: Classified[], from: number, end: number, numberless = false): number {
  let k = from;
  while (k < end && !TOWER_WORDS.has(t[k].key)) {
    // With no house number a type word inside the name is only a word ("First Union Tower").
    // A complex word may open the tower's name ("1 Johnson & Johnson Plaza Tower").
    // A type word right after the number is a name word: a street needs a name before its
    // type ("1700 Wells Fargo Tower").
    const typed = !numberless && k > from && (t[k].suffix || t[k].caType) && !COMPLEX_TYPES.has(t[k].key);
    const opensStreet = t[k].intlPrefix && !COMPLEX_TYPES.has(t[k].key);
    if (typed || t[k].hasDigit || opensStreet || unitStartsAt(t, k, end)) return -1;
    k++;
  }
  if (k >= end || k === from) return -1;
  k++;
  // "1 Smith & Wesson Plaza Tower 9th Floor": a floor may follow the tower too.
  const floor = k + 1 < end && (t[k].ordinal || t[k].num) && t[k + 1].unit?.isLevel;
  return k === end || unitStartsAt(t, k, end) || floor ? k : -1;
}

/**
 * Where "One Commerce Square" (a spelled-out number, plain words, a complex type) ends when
 * it is all that stands between `from` and the end or a unit; else -1.
 */
export function spelledBuildingEnd(t: Classified[], from: number, end: number): number {
  if (!t[from]?.cardinalWord) return -1;
  let k = from + 1;
  while (k < end && !t[k].hasDigit && !t[k].unit && !t[k].suffix && !t[k].caType && !t[k].connector) k++;
  if (k === from + 1 || k >= end || !COMPLEX_TYPES.has(t[k].key)) return -1;
  return k + 1 === end || unitStartsAt(t, k + 1, end) ? k + 1 : -1;
}

/**
 * "Kingston Building", "Burns Prof. Blg.", "S Bldg", "L & C Twr": a name closed by a
 * building word with no id after it. Pub 28 units need an id ("Bldg 4"); without one the
 * words name the building.
 */
export function isBuildingName(t: Classified[], start: number, end: number): boolean {
  const last = t[end - 1];
  if (end - start < 2 || !(last.unit?.abbr === 'BLDG' || TOWER_WORDS.has(last.key))) return false;
  if (t[start].connector) return false;
  for (let k = start; k < end - 1; k++) if (t[k].hasDigit || (t[k].unit && !t[k].dir)) return false;
  return true;
}

/**
 * "15955 Frederick Rd The Reed", "1100 Brickell Bay Dr Panorama Tower": words after a
 * complete street that name a building. `bounded`: a unit or the town follows, so two or
 * more words left between them are a name ("N Campbell Ave Luxe Logan Square, Chicago").
 * Returns where the name starts (or `end`).
 */
export function buildingNameAfterStreet(
  t: Classified[],
  start: number,
  end: number,
  bounded: boolean,
): number {
  const afterRoute = bounded ? routeEnd(t, start, end) : -1;
  if (afterRoute > 0 && namedComplex(t, afterRoute, end)) return afterRoute;
  for (let p = start + 1; p < end - 1; p++) {
    if (!(t[p].suffix || t[p].caType) || t[p + 1].suffix || t[p + 1].caType) continue;
    let e = p + 1;
    // "Elm Street East Hall", "Lakeshore Blvd Hartley Building": a building's name, not a
    // post-directional or a unit.
    if (bounded && (isBuildingName(t, e, end) || (t[e].dir && e + 2 === end && isBuildingWord(t[e + 1].key))))
      return e;
    if (t[e].dir && e + 1 < end) e++;
    const rest = t.slice(e, end);
    if (rest.some((x, k) => x.hasDigit || (x.unit && !officeBeforeBuilding(t, e + k)) || x.connector))
      return end;
    const last = rest[rest.length - 1];
    if (t[e].key === 'THE' || (rest.length >= 2 && BUILDING_WORDS.has(last.key))) return e;
    // Not "River Rd Liberty Grove Rd" (a street type later: one long road) nor "Via de Ventura".
    const typedLater = rest.some(
      (x, k) => (x.suffix || x.caType) && !(k === rest.length - 1 && COMPLEX_TYPES.has(x.key)),
    );
    if (bounded && rest.length >= 2 && !typedLater && !NAME_PARTICLES.has(t[e].key)) return e;
    return end;
  }
  return end;
}

/** Where a numbered route opening [start, end) ends ("Rt 60 East"), or -1. */
function routeEnd(t: Classified[], start: number, end: number): number {
  for (let p = start; p + 1 < end && !t[p].hasDigit; p++) {
    if (!isRouteWord(t, p) || !t[p + 1].hasDigit) continue;
    return p + 2 < end && t[p + 2].dir ? p + 3 : p + 2;
  }
  return -1;
}

/** "Cedar Creek Business Park", "Lakeside Commons": two plain words or more naming a complex. */
function namedComplex(t: Classified[], start: number, end: number): boolean {
  if (end - start < 2 || !COMPLEX_CLOSERS.has(t[end - 1].key)) return false;
  for (let k = start; k < end - 1; k++) {
    const w = t[k];
    // Type words inside are name words ("Cedar Creek Business Park"); the closer decides.
    if (w.hasDigit || (w.unit && !w.suffix) || w.connector) return false;
  }
  return true;
}
