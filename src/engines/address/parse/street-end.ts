/**
 * Where does the street end when no comma says so? Used only when the city is not a
 * known name: "123 Main St Apt 4 Fooville" -> the street ends after "Apt 4".
 */
import type { Classified } from './classify.js';
import { matchSpecial } from './special.js';
import { isRouteWord } from './split-street.js';
import { isUnitId, unitGroupAt } from './units.js';

export function afterUnit(t: Classified[], p: number, hi: number): number {
  let e = p + 1;
  const u = t[p].unit;
  if (e < hi && t[e].key === '#') e++;
  // "# Apt A": a number sign before a designator.
  if (u?.abbr === '#' && e < hi && t[e].unit?.requiresId) return afterUnit(t, e, hi);
  if (u?.requiresId && e < hi && isUnitId(t[e])) e++;
  return Math.min(e, hi);
}

/** Past every unit and floor group from e: "Bldg 3 Ste 4", "2nd Floor", "Apt 5 Rear". */
function afterUnits(t: Classified[], e: number, hi: number): number {
  while (e < hi) {
    const n = unitGroupAt(t, e, hi);
    if (n) e += n;
    else if (t[e].unit) e = afterUnit(t, e, hi);
    else break;
  }
  return e;
}

/** Index where the city starts, guessed from street types and unit designators in [lo, hi). */
export function streetEndGuess(t: Classified[], lo: number, hi: number): number {
  const special = matchSpecial(t, lo, hi);
  if (special) {
    // "box # 2806 po box 8500": a reference box, then the post office box.
    const e = matchSpecial(t, special.end, hi)?.end ?? special.end;
    return e < hi && t[e].unit ? afterUnit(t, e, hi) : e;
  }
  let i = lo;
  if (t[i]?.houseNumber || t[i]?.cardinalWord) i++;
  if (t[i]?.fraction) i++;
  for (let p = i; p < hi; p++) {
    const tok = t[p];
    if (p === i && !(isRouteWord(t, p) && t[p + 1]?.hasDigit)) continue;
    // "510 NE 93rd Miami Shores": an ordinal street after a directional ends the street.
    if (tok.ordinal && t[p - 1].dir && p + 1 < hi && !t[p + 1].suffix && !t[p + 1].unit) return p + 1;
    // "State Road 7 Suite 28": the route number belongs to the street.
    if (isRouteWord(t, p) && t[p + 1]?.hasDigit) {
      let e = p + 2;
      if (e < hi && t[e].dir) e++;
      return afterUnits(t, e, hi);
    }
    if (tok.unit && !tok.suffix && p + 1 < hi) return afterUnit(t, p, hi);
    if ((tok.suffix || tok.caType) && !t[p + 1]?.suffix && !t[p + 1]?.caType) {
      let e = p + 1;
      if (e < hi && t[e].dir) e++;
      e = afterUnits(t, e, hi);
      // "Feldwood Road Lockbox # 402605 College Park": a box after the street is not the city.
      const box = e < hi ? matchSpecial(t, e, hi) : undefined;
      return box ? box.end : e;
    }
  }
  return hi - lo >= 3 ? hi - 1 : hi;
}
