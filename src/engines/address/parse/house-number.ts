/**
 * Where the house number is and which side of the street it sits on: number first
 * (US, UK, France) or after the street (Germany, Spain, Latin America).
 */
import { isBuildingWord, NUMBERED_TOWER } from '../tables/building-words.js';
import { MILE_WORDS } from '../tables/street-words.js';
import type { Classified } from './classify.js';
import type { Segment } from './segments.js';
import { afterRouteWord } from './split-street.js';
import { unitStartsAt } from './units.js';

export type Layout = 'numberFirst' | 'numberAfter';

/** Words before position i in the segment read like a street name (intl type words). */
function prefixIsStreet(t: Classified[], a: number, i: number): boolean {
  // "Lot 22 Sunset Mobile Home Park 100 Sunset Dr": a unit and its id open a US line.
  if (t[a].unit?.requiresId && t[a + 1]?.hasDigit) return false;
  // "Park Place Apartments 300 Park Pl": words closed by a building word name the building.
  const closedByBuilding = i - 1 > a && isBuildingWord(t[i - 1].key) && t[i - 1].key !== 'THE';
  if (closedByBuilding && !t[a].intlPrefix) return false;
  if (t[a].intlPrefix && !t[a].dir) return true;
  for (let k = a; k < i; k++) if (t[k].intlSuffix) return true;
  return false;
}

/**
 * Tokens of a house number written without digits at i, opening a typed street: a mile
 * post ("Mile 12 Sterling Hwy": 2), a lettered lot ("B San Luis Street", "G-J Hathway
 * Avenue": 1); else 0. A lone letter needs a name of two words before the type, so "K
 * Street" and "A Main Street" stay streets named by a letter.
 */
export function spelledNumberLength(t: Classified[], i: number, end: number): number {
  const tok = t[i];
  const post = t[i + 1];
  if (MILE_WORDS.has(tok.key) && post && (post.num || (post.letter && !post.dir))) {
    return typedStreetAfter(t, i + 1, end) ? 2 : 0;
  }
  const letters = /^[A-Z]-[A-Z]$/.test(tok.key);
  if (!(letters || (tok.letter && !tok.dir && !tok.raw.endsWith('.')))) return 0;
  let k = i + 1;
  // A US convention, so a US type closes the street ("Pelican Bay Road": Bay is a name word).
  while (k < end && !t[k].hasDigit && !t[k].unit && !t[k].suffix && !t[k].connector) k++;
  const typed = k < end && t[k].suffix && !t[k].dir;
  return typed && k - i - 1 >= (letters ? 1 : 2) ? 1 : 0;
}

export function houseNumberAt(t: Classified[], seg: Segment, i: number): Layout | undefined {
  const tok = t[i];
  if (i === seg.start && spelledNumberLength(t, i, seg.end)) return 'numberFirst';
  // "Jane Doe One South Wacker Drive": a spelled-out number after a name, before a typed street.
  const cardinal =
    tok.cardinalWord && (i === seg.start || (!t[i - 1].hasDigit && typedStreetAfter(t, i, seg.end)));
  if (!(tok.houseNumber || cardinal) || tok.fraction) return undefined;
  // "One Midtown Plaza 1360 Peachtree St": a spelled-out number yields to a real one.
  if (tok.cardinalWord && t.slice(i + 1, seg.end).some((x, k) => x.houseNumber && x.num && !t[i + k].unit))
    return undefined;
  const prev = i > seg.start ? t[i - 1] : undefined;
  // "# 2 Turner Rd": a number sign before the only number of a typed street.
  if (prev?.key === '#' && i - 1 === seg.start && numberSignedStreet(t, i, seg.end)) return 'numberFirst';
  // "Apt 12" is a unit id, but in "41st Floor 1221 Ave of the Americas" the floor is complete.
  const levelDone = prev?.unit?.isLevel && i - 2 >= seg.start && (t[i - 2].ordinal || t[i - 2].num);
  // "Chrysler Building 405 Lexington Ave", "Park Place Apartments 300 Park Pl": a name closed
  // by a building word, then a typed street.
  const namedBuilding =
    prev?.unit &&
    (prev.unit.abbr === 'BLDG' || isBuildingWord(prev.key)) &&
    i - 2 >= seg.start &&
    !t[i - 2].hasDigit &&
    !t[i - 2].unit &&
    typedStreetAfter(t, i, seg.end);
  const numberedTower = prev && NUMBERED_TOWER.has(prev.key) && i - 1 === seg.start;
  // "Rear 12 Oak St": a designator that takes no id, before the number of a typed street.
  const bareUnit =
    prev?.unit && !prev.unit.requiresId && i - 1 === seg.start && typedStreetAfter(t, i, seg.end);
  if (
    prev &&
    ((prev.unit && !levelDone && !namedBuilding && !bareUnit) ||
      prev.key === 'BOX' ||
      numberedTower ||
      afterRouteWord(t, seg.start, i))
  )
    return undefined;
  // "Highway 76 37": a second route number after the first (routes sharing a road).
  // Not "Route 9 12 Main St", where a typed street follows.
  const typedAfter = t.slice(i + 1, seg.end).some((x) => x.suffix || x.caType);
  if (prev?.num && i - 1 > seg.start && afterRouteWord(t, seg.start, i - 1) && !typedAfter) return undefined;
  const next = i + 1 < seg.end ? t[i + 1] : undefined;
  // "Jct 4 & 13", "Rts 1 & 24": numbers joined by a connector are route numbers.
  if (next?.connector || prev?.connector) return undefined;
  // "1 St & 2 Ave": a number and one word before a connector name the first street.
  if (t[i + 2]?.connector && t[i + 2].seg === tok.seg && !next?.letter && (next?.suffix || next?.caType))
    return undefined;
  if (i === seg.start) {
    // "6910 # G Mary Caroline Circle": a number-sign unit, then the street.
    const unitThenStreet = next?.key === '#' && numberSignedStreet(t, i + 2, seg.end);
    return next && (!unitStartsAt(t, i + 1, seg.end) || unitThenStreet) ? 'numberFirst' : undefined;
  }
  // "Portola N 507 2600 N Ocean Dr": after a name, a unit's id, then the street's own number.
  if (next?.num && prefixIsName(t, seg.start, i) && typedStreetAfter(t, i + 1, seg.end)) return undefined;
  // "Calle 60 491": in a numbered street the last number is the house number.
  if (next?.houseNumber && i + 2 === seg.end) return undefined;
  if (prefixIsStreet(t, seg.start, i)) return 'numberAfter';
  if (!next || (next.letter && !next.dir && i + 2 === seg.end))
    return tok.num || /^\d+[A-Z]$|^\d+\/\d+[A-Z]?$/.test(tok.key) ? 'numberAfter' : undefined;
  if (unitStartsAt(t, i + 1, seg.end) && next.key !== '#') return 'numberAfter';
  return 'numberFirst';
}

/** Plain words before i (a directional may close them: "Portola N"), no unit or number. */
function prefixIsName(t: Classified[], a: number, i: number): boolean {
  if (i === a || t[a].dir || t[a].intlPrefix) return false;
  for (let k = a; k < i; k++) if (t[k].hasDigit || t[k].unit || t[k].suffix || t[k].connector) return false;
  return true;
}

function numberSignedStreet(t: Classified[], i: number, end: number): boolean {
  // The street ends where a unit starts ("# 14 Birch Ln Apt 5").
  let stop = i + 2;
  while (stop < end && !unitStartsAt(t, stop, end)) stop++;
  const rest = t.slice(i + 1, stop);
  return (
    rest.length >= 2 &&
    rest.every((x) => !x.hasDigit && !x.unit) &&
    !!(rest[rest.length - 1].suffix || rest[rest.length - 1].caType)
  );
}

/** A name and a street type follow the number at i: "405 Lexington Ave", "12 N Elm St". */
function typedStreetAfter(t: Classified[], i: number, end: number): boolean {
  for (let k = i + 2; k < end; k++) {
    if (t[k].hasDigit || (t[k].unit && !t[k].suffix)) return false;
    if (t[k].suffix || t[k].caType) return true;
  }
  return false;
}
