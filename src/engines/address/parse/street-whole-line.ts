/**
 * Street sub-stages that settle the whole window at once: a street and its town with
 * nothing else, a street named by a number, a ship's name.
 */
import { CARE_OF, MILITARY_PO } from '../tables/delivery-words.js';
import { isBareIntlSuffix } from '../tables/intl-street-words.js';
import { usState } from '../tables/us-states.js';
import { asciiFold, type Classified } from './classify.js';
import { spelledNumberLength } from './house-number.js';
import { setRoad } from './road.js';
import { plainWords, type Segment } from './segments.js';
import { matchSpecial } from './special.js';
import { spanText } from './state.js';
import type { StreetWork } from './street-work.js';

/**
 * "Lange Groenendaal, Gouda", "Broadway, Manhattan": two plain words-only parts and
 * nothing else read as street and town. Not "D Pelican Bay Road, Morro Bay", where a
 * lettered house number opens the street, nor a care-of or a person's name.
 */
export function streetAndTown({ s, t, segs }: StreetWork): boolean {
  if (segs.length !== 2 || s.state || s.postcode || s.country || s.city) return false;
  if (!segs.every((g) => plainWords(t, g))) return false;
  if (CARE_OF.has(t[0].key) || personalName(t, segs[0]) || spelledNumberLength(t, 0, segs[0].end))
    return false;
  setRoad(s, segs[0].start, segs[0].end);
  s.city = segs[1];
  return true;
}

/**
 * Whole lines that are a street named by a number: "25 Straße 50" (the street, then its
 * house number), "10 Ave" (Tenth Avenue) and "CA 72" (a state route).
 */
export function wholeLineStreet({ s }: StreetWork): boolean {
  const t = s.tokens;
  const n = s.end;
  if (n !== t.length || s.city || s.postcode || s.state || s.country) return false;
  const bareType = (x: Classified) => isBareIntlSuffix(asciiFold(x.key)) || (x.intlPrefix && !x.suffix);
  if (n === 3 && t[0].num && bareType(t[1]) && t[2].houseNumber && t[1].seg === t[0].seg) {
    setRoad(s, 0, 2);
    s.detail.fields.houseNumber = t[2].raw;
    s.detail.layout = 'intl';
    return true;
  }
  const typeOnly = t[1]?.suffix && !t[1].dir && !t[1].unit;
  const stateRoute = t[0] && usState(t[0].key) && t[0].key.length === 2;
  if (n === 2 && t[1].seg === t[0].seg && ((t[0].num && typeOnly) || (stateRoute && t[1].num))) {
    setRoad(s, 0, 2);
    return true;
  }
  return false;
}

/**
 * "USS Nimitz (CVN 68) FPO AP 96620": mail to a ship names the ship, its hull number and
 * the military post office (Pub 28, 2.3); with no unit or box, all before the FPO is the ship.
 */
export function shipLine({ s }: StreetWork): boolean {
  const t = s.tokens;
  if (!s.city || !MILITARY_PO.has(t[s.city.start].key) || s.city.end - s.city.start !== 1) return false;
  if (t[0].houseNumber) return false;
  for (let i = 0; i < s.end; i++) if (matchSpecial(t, i, s.end, true) || t[i].unit) return false;
  s.detail.fields.house = spanText(t, { start: 0, end: s.end });
  return true;
}

/** "Joseph S. Lunsford": a first name, a middle initial written with a period, a last name. */
function personalName(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start !== 3) return false;
  const initial = t[seg.start + 1];
  return initial.letter && initial.raw.endsWith('.') && !t[seg.start].dir && !t[seg.start].suffix;
}
