/** What a segment after the street looks like, for the rules of later-segments.ts. */
import { isComplexCloser, isComplexType, NUMBERED_TOWER } from '../tables/building-words.js';
import type { Classified } from './classify.js';
import { statesOfCity, townEndingAt } from './gazetteer.js';
import type { Segment } from './segments.js';
import { matchSpecial } from './special.js';
import { isRouteQualifier, isRouteWord } from './split-street.js';
import { type ParseState, spanKey } from './state.js';

/** A line written outside North America: a foreign country, or a number after the street. */
export function abroad(s: ParseState): boolean {
  const cc = s.detail.countryCode;
  return cc ? cc !== 'US' && cc !== 'CA' : s.detail.layout === 'intl';
}

/** "Substation # 1": a word, a number sign and an id. */
export function wordNumberSign(t: Classified[], seg: Segment): boolean {
  return (
    seg.end - seg.start === 3 &&
    !t[seg.start].hasDigit &&
    t[seg.start + 1].key === '#' &&
    t[seg.start + 2].hasDigit
  );
}

/** A box filling the segment, with a letter suffix allowed ("Box 164 A"). */
export function boxClosing(t: Classified[], seg: Segment): boolean {
  const box = matchSpecial(t, seg.start, seg.end);
  if (box?.special.kind !== 'poBox') return false;
  return box.end === seg.end || (box.end + 1 === seg.end && t[box.end].letter);
}

/** A rural route or highway contract whose box is not written yet ("RR 4, Box 164 A"). */
export function routeWithoutBox(d: ParseState['detail']): boolean {
  const sp = d.special;
  return !!sp && (sp.kind === 'ruralRoute' || sp.kind === 'highwayContract') && !sp.box;
}

/** "Rt 2", "State Hwy 9": a route word and its number fill the segment. */
export function isRoute(t: Classified[], seg: Segment): boolean {
  const last = seg.end - 1;
  if (last - seg.start < 1 || !t[last].hasDigit || !isRouteWord(t, last - 1)) return false;
  return t.slice(seg.start, last - 1).every((w) => w.dir || isRouteQualifier(w.key));
}

/** A number, then words only, typed at most by a closing complex word ("1 Piedmont Ctr"). */
export function numberedName(t: Classified[], seg: Segment): boolean {
  if (!t[seg.start].num || seg.end - seg.start < 2) return false;
  for (let i = seg.start + 1; i < seg.end; i++) {
    const w = t[i];
    if (w.hasDigit || w.unit || w.connector || w.letter) return false;
    if ((w.suffix || w.caType) && !(i === seg.end - 1 && isComplexType(w.key))) return false;
  }
  return true;
}

/**
 * "Overlook 1", "Riverview 2": a word of four letters or more that designates no unit, then
 * a number of one or two digits. Not a code and its id ("af 1025").
 */
export function numberedBuilding(t: Classified[], i: number): boolean {
  const word = t[i];
  const id = t[i + 1];
  return (
    word.key.length >= 4 &&
    !word.hasDigit &&
    !word.unit &&
    !NUMBERED_TOWER.has(word.key) &&
    /^\d{1,2}$/.test(id.key)
  );
}

/**
 * "…, Sandpiper Business Park": words closed by a park or complex word that name no US or
 * world town ("Menlo Park" does) are a building, not the town.
 */
export function unknownComplex(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start < 2 || !t.slice(seg.start + 1, seg.end).some((w) => isComplexCloser(w.key)))
    return false;
  return !statesOfCity(spanKey(t, seg.start, seg.end)) && townEndingAt(t, seg.start, seg.end) !== seg.start;
}
