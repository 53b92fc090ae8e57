/**
 * The USPS split of a street: pre-direction, prefix type (numbered highways, "Avenue H",
 * "Calle 5"), name, suffix type, post-direction. Keys are kept as written (upper case);
 * standardization turns them into abbreviations later.
 */

import { ROUTE_QUALIFIERS, ROUTE_TYPES, STRONG_ROUTE_TYPES } from '../tables/route-words.js';
import type { StreetParts } from '../types.js';
import type { Classified } from './classify.js';
import { spanKey } from './state.js';

/** US, STATE, COUNTY...: words that may stand before a route word. */
export function isRouteQualifier(key: string): boolean {
  return ROUTE_QUALIFIERS.has(key);
}

/** Whether token i is a route word whose number follows ("Highway 80", "County Road 12"). */
export function isRouteWord(t: Classified[], i: number): boolean {
  const key = t[i]?.key;
  if (!key) return false;
  if (STRONG_ROUTE_TYPES.has(key)) return true;
  // "E C R 850 N": County Road written as two letters.
  if (key === 'R' && i > 0 && t[i - 1].key === 'C') return true;
  return ROUTE_TYPES.has(key) && i > 0 && ROUTE_QUALIFIERS.has(t[i - 1].key);
}

export function splitStreet(t: Classified[], start: number, end: number): StreetParts {
  let s = start;
  let e = end;
  const parts: StreetParts = {};
  if (e - s <= 0) return parts;
  const route = routeSplit(t, s, e);
  if (route) return route;
  if (e - s >= 2 && t[e - 1].dir && !t[e - 2].dir) {
    parts.postDirection = t[e - 1].key;
    e--;
  }
  if (e - s >= 2 && (t[e - 1].suffix || t[e - 1].caType) && !t[e - 1].hasDigit) {
    parts.streetType = t[e - 1].key;
    e--;
  }
  if (e - s >= 2 && t[s].dir && !t[s + 1].connector) {
    parts.preDirection = t[s].key;
    s++;
  }
  // "Avenue H", "Calle 5": a type before a one-token name and no type after it.
  if (!parts.streetType && e - s === 2 && (t[s].suffix || t[s].intlPrefix) && !t[s + 1].suffix) {
    parts.preType = t[s].key;
    s++;
  } else if (!parts.streetType && e - s >= 2 && t[s].intlPrefix && !t[s].dir) {
    parts.preType = t[s].key;
    s++;
  }
  if (e > s) parts.streetName = spanKey(t, s, e);
  return parts;
}

/** "US HWY 50", "STATE ROUTE 9", "COUNTY ROAD 12A", "I 95", "HWY 76 37". */
function routeSplit(t: Classified[], s: number, e: number): StreetParts | undefined {
  let i = s;
  const parts: StreetParts = {};
  if (t[i].dir && e - i >= 3) {
    parts.preDirection = t[i].key;
    i++;
  }
  let q = i;
  while (q < e && ROUTE_QUALIFIERS.has(t[q].key)) q++;
  if (q >= e || !ROUTE_TYPES.has(t[q].key) || q + 1 >= e) return undefined;
  const rest = t.slice(q + 1, e);
  if (!rest[0].hasDigit) return undefined;
  let nameEnd = e;
  if (e - (q + 1) >= 2 && t[e - 1].dir) {
    parts.postDirection = t[e - 1].key;
    nameEnd--;
  }
  parts.preType = spanKey(t, i, q + 1);
  parts.streetName = spanKey(t, q + 1, nameEnd);
  return parts;
}

/** "Highway 80", "Route # A", "State Highway No 33": the number names the road. */
export function afterRouteWord(t: Classified[], segStart: number, i: number): boolean {
  const prev = t[i - 1];
  if (!prev || i - 1 < segStart) return false;
  if (isRouteWord(t, i - 1)) return true;
  const isNumberSign = prev.key === '#' || prev.key === 'NO' || prev.key === 'NUMBER';
  if (!isNumberSign || i - 2 < segStart || !isRouteWord(t, i - 2)) return false;
  // "Route # A", "State Highway No 33" - but in "W Dixie Hwy # 312" the number is a unit.
  for (let k = segStart; k < i - 2; k++) if (!t[k].dir && !isRouteQualifier(t[k].key)) return false;
  return true;
}
