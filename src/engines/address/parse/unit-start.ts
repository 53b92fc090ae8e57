/**
 * Where the unit starts in a street's words: the first designator that really opens a
 * unit (or "5th Floor", a box, a numbered tower), failing that a trailing id after the
 * street ("801 S Canal St C1S", "203 N Wabash 608", "1 S 280 Summit Court B").
 */
import { NUMBERED_TOWER } from '../tables/building-words.js';
import { FLOOR_WORDS } from '../tables/number-words.js';
import { usState } from '../tables/us-states.js';
import type { Classified } from './classify.js';
import { matchSpecial } from './special.js';
import { afterRouteWord } from './split-street.js';
import { isUnitId, unitStartsAt } from './units.js';

/**
 * First unit designator (or "5th Floor", "Ground Floor") after at least one street token;
 * failing that, a trailing id with digits ("801 S Canal St C1S", "203 N Wabash 608").
 */
export function findUnitStart(t: Classified[], from: number, end: number): number {
  for (let p = from; p < end; p++) {
    const at = unitAt(t, from, p, end);
    if (at >= 0) return at;
  }
  return trailingUnitStart(t, from, end);
}

/** Where a unit starting at token p begins (p, or a word and id before it), or -1. */
function unitAt(t: Classified[], from: number, p: number, end: number): number {
  const tok = t[p];
  if (p > from && boxOrTowerAt(t, p, end)) return p;
  if (!tok.unit || !designatorOpensUnit(t, from, p, end)) return -1;
  const before = p - 1 >= from ? t[p - 1] : undefined;
  if (tok.unit.isLevel && before && (before.ordinal || before.num || FLOOR_WORDS.has(before.key)))
    return wordAndIdBefore(t, from, p - 1);
  if (tok.key === 'STOP' && p - 1 >= from && t[p - 1].key === 'MAIL') return p - 1;
  return wordAndIdBefore(t, from, p);
}

/** A box, or "1 Medical Park Tower 5 Suite 704": a tower numbered like a unit, at the end or before one. */
function boxOrTowerAt(t: Classified[], p: number, end: number): boolean {
  if (matchSpecial(t, p, end)) return true;
  if (NUMBERED_TOWER.has(t[p].key) && p + 1 < end && t[p + 1].hasDigit)
    if (p + 2 === end || unitStartsAt(t, p + 2, end)) return true;
  // "961 North A1A Box 158": a box and its id closing the street.
  return t[p].key === 'BOX' && matchSpecial(t, p, end, true)?.end === end;
}

/** Whether the designator at p opens a unit here rather than being a street word. */
function designatorOpensUnit(t: Classified[], from: number, p: number, end: number): boolean {
  const tok = t[p];
  const unit = tok.unit!;
  if (tok.suffix && p + 1 < end && !t[p + 1].hasDigit) return false;
  // "Main & Side": after a connector the word is the second street.
  if (t[p - 1]?.connector) return false;
  // "West Side Pl": REAR, SIDE, LOWER... need no id, so they count only at the end or before a unit word.
  const nextTok = p + 1 < end ? t[p + 1] : undefined;
  if (!unit.requiresId && nextTok && !nextTok.unit && !nextTok.hasDigit && !nextTok.letter) return false;
  if (p > from && officeBeforeBuilding(t, p)) return false;
  // "4004 Ocean Front Apt 410": FRONT is a street type here, the unit starts after it.
  if (!unit.requiresId && (tok.suffix || tok.caType) && nextTok?.unit) return false;
  // "Poplar Level Road": a designator that needs an id is only one when an id follows
  // (or, for a floor, comes before it: "2nd Floor POB 130").
  const floorBefore = unit.isLevel && p - 1 >= from && (t[p - 1].ordinal || FLOOR_WORDS.has(t[p - 1].key));
  if (
    unit.requiresId &&
    nextTok &&
    !isUnitId(nextTok) &&
    nextTok.key !== '#' &&
    !nextTok.unit &&
    !floorBefore
  )
    return false;
  if (tok.key === 'NO' && !(p + 1 < end && t[p + 1].hasDigit)) return false;
  if ((tok.key === '#' || tok.key === 'NO') && afterRouteWord(t, from - 1, p + 1)) return false;
  // "Old Number 6 Highway": a number sign whose id is followed by the street's type.
  if (unit.abbr === '#' && p + 2 < end && (t[p + 2].suffix || t[p + 2].caType) && t[p + 1].hasDigit)
    return false;
  return true;
}

/**
 * "Medical Office Building 2": after a name word, Office ends the building's name; the unit
 * is the numbered building. Not "Cedar Lane Office Building 3", where the street ends first.
 */
export function officeBeforeBuilding(t: Classified[], p: number): boolean {
  const prev = t[p - 1];
  const nameWord = prev && !prev.hasDigit && !prev.unit && !prev.dir && !prev.suffix && !prev.caType;
  return t[p].unit?.abbr === 'OFC' && t[p + 1]?.unit?.abbr === 'BLDG' && nameWord;
}

/**
 * "1000 W Temple St File 57130 Ground Lvl": a word and a number between a typed street
 * and a unit are a unit too (a file, bin or mail code).
 */
function wordAndIdBefore(t: Classified[], from: number, u: number): number {
  if (u - 3 < from - 1 || !t[u - 1].num) return u;
  const word = t[u - 2];
  const typed = t[u - 3];
  if (word.hasDigit || word.unit || word.suffix || word.caType || word.dir || word.connector) return u;
  return typed.suffix || typed.caType ? u - 2 : u;
}

/** No designator: an id, a letter or a short code closing the street is the unit; else `end`. */
function trailingUnitStart(t: Classified[], from: number, end: number): number {
  const last = end - 1;
  if (last < from || t[last - 1].connector) return end;
  // "12 Calle 5", "Avenue J": a type word alone before the id is the street's name; so is a
  // state or US before a route number ("1111 MD 760", "500 US 19") and Michigan's "M 22".
  const lone = t[from - 1];
  const routeName = lone.key === 'US' || lone.letter || !!usState(lone.key);
  if (last === from && (lone.suffix || lone.caType || lone.intlPrefix || (routeName && t[last].num)))
    return end;
  // "1260 Arrow Highway Blg E": an unknown designator and a letter after a typed street.
  const w = t[last - 1];
  const typed = last - 2 >= from - 1 && (t[last - 2].suffix || t[last - 2].caType);
  const plainWord = !w.hasDigit && !w.dir && !w.suffix && !w.caType && w.key !== '#' && w.key.length <= 4;
  if (t[last].letter && !t[last].dir && typed && plainWord && !afterRouteWord(t, from - 1, last)) {
    return last - 1;
  }
  if (t[last].hasDigit && !t[last].ordinal && !afterRouteWord(t, from - 1, last))
    return trailingIdStart(t, from, last);
  if (idAndDirectional(t, from, last)) return last - 1;
  return trailingLetterStart(t, from, last, end);
}

/**
 * "Riverfront Drive Mailbox 2825", "Bonhomme Ave St 1400": a word and an id after a complete
 * street; "12645 Fredrick Street 1-5 344": two ids after a typed street are one unit; else
 * the id alone.
 */
function trailingIdStart(t: Classified[], from: number, last: number): number {
  const word = t[last - 1];
  const before = last - 2 >= from ? t[last - 2] : undefined;
  // "ST" after a typed street is a suite, not a second street type.
  const suite = word.key === 'ST' && (before?.suffix || before?.caType);
  if (
    !word.hasDigit &&
    !word.dir &&
    ((!word.suffix && !word.caType) || suite) &&
    before &&
    (before.suffix || before.caType || before.dir)
  )
    return last - 1;
  if (word.hasDigit && !word.ordinal && last - 1 > from && before && (before.suffix || before.caType))
    return last - 1;
  return last;
}

/**
 * "1160 Park Ave W 4 N", "1024 Randolph 1 N": an id and a directional after the street (not
 * in a Utah grid address, "500 W 400 N", nor a lettered route, "11745 I 10 W", nor a state
 * route, "1210 IA 10 W").
 */
function idAndDirectional(t: Classified[], from: number, last: number): boolean {
  const stateRoute = t[from - 1].key === 'US' || (t[from - 1].key.length === 2 && !!usState(t[from - 1].key));
  const gridSafe =
    ((!t[from - 1].dir && !t[from - 1].letter && !stateRoute) || last - 1 > from) && !t[last - 2]?.connector;
  return !!(
    t[last].dir &&
    last - 1 >= from &&
    gridSafe &&
    t[last - 1].num &&
    !afterRouteWord(t, from - 1, last - 1)
  );
}

/**
 * "4101 Warren Rd 106 D": a number and a letter after a typed street are the unit; "1 S 280
 * Summit Court B", "4315 Webster Avenue LH": so is a short code after the street type. "9912
 * S Avenue H" keeps its letter: the street needs a name besides the type.
 */
function trailingLetterStart(t: Classified[], from: number, last: number, end: number): number {
  const prior = t[last - 1];
  const named = t.slice(from - 1, last - 1).some((x) => !x.dir);
  const routeLetter = afterRouteWord(t, from - 1, last);
  const typedBefore = last - 2 >= from - 1 && (t[last - 2]?.suffix || t[last - 2]?.caType);
  const routeNumber = afterRouteWord(t, from - 1, last - 1);
  if (t[last].letter && !t[last].dir && t[last - 1].num && last - 1 > from && typedBefore && !routeNumber)
    return last - 1;
  const code = t[last].letter || (/^[A-Z]{2}$/.test(t[last].key) && !t[last].suffix && !t[last].caType);
  if (named && !routeLetter && code && !t[last].dir && (prior.suffix || prior.caType || prior.dir))
    return last;
  return end;
}
