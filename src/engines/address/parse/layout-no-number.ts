/**
 * A street segment with no house number: units only, a firm's, venue's or institution's
 * name, a bare street before its town, a building and its unit, or a street. The first
 * reading of NUMBERLESS_READINGS that fits settles the segment.
 */
import { FIRM_WORDS, INSTITUTION_WORDS, VENUE_WORDS } from '../tables/building-words.js';
import { towerNameEnd } from './buildings.js';
import type { Classified } from './classify.js';
import { intlRoadStart } from './layout-number-after.js';
import { setRoad } from './road.js';
import { britishTheStreet, looksLikeStreet, plainWords, type Segment } from './segments.js';
import { type ParseState, type Span, spanText } from './state.js';
import { findUnitStart } from './unit-start.js';
import { isUnitSegment, unitStartsAt } from './units.js';

interface Numberless {
  s: ParseState;
  t: Classified[];
  seg: Segment;
  houseParts: string[];
  units: Span[];
}

type Reading = [name: string, read: (n: Numberless) => boolean];

export function assignStreetWithoutNumber(
  s: ParseState,
  seg: Segment,
  houseParts: string[],
  units: Span[],
): void {
  const n: Numberless = { s, t: s.tokens, seg, houseParts, units };
  for (const [name, read] of NUMBERLESS_READINGS)
    if (read(n)) {
      s.trace?.push(`  no number: ${name}`);
      return;
    }
}

/** "Apt 4", "Suite 200 Bldg 17": units only. */
function unitsOnly({ t, seg, units }: Numberless): boolean {
  if (!((t[seg.start].unit && !t[seg.start].suffix && seg.end - seg.start <= 3) || isUnitSegment(t, seg)))
    return false;
  units.push(seg);
  return true;
}

/** "JPMorgan Investment Mgmt Inc": a firm's name. */
function firmName({ t, seg, houseParts }: Numberless): boolean {
  if (!t.slice(seg.start, seg.end).some((x) => FIRM_WORDS.has(x.key))) return false;
  houseParts.push(spanText(t, seg));
  return true;
}

/** "Unit 26 Roper Close": a unit, then a street with no number; the readings after see the street. */
function unitThenStreet(n: Numberless): boolean {
  const { t, seg } = n;
  if (unitStartsAt(t, seg.start, seg.end) && seg.end - seg.start > 3 && t[seg.start + 1].hasDigit) {
    n.units.push({ start: seg.start, end: seg.start + 2 });
    n.seg = { start: seg.start + 2, end: seg.end };
  }
  return false;
}

/**
 * US lines with no number (or no country at all: "Wrigley Field"): a venue ("Union Station",
 * "Meriden Square", "Valley West Mall") is the building.
 */
function venue({ s, t, seg, houseParts, units }: Numberless): boolean {
  if (!usLine(s, t, seg)) return false;
  const u = findUnitStart(t, seg.start + 1, seg.end);
  if (u - seg.start < 2 || !VENUE_WORDS.has(t[u - 1].key)) return false;
  houseParts.push(spanText(t, { start: seg.start, end: u }));
  if (u < seg.end) units.push({ start: u, end: seg.end });
  return true;
}

/** "Main, Ashland, NH": on a US line a lone word opening the line before the town is the road. */
function loneWordRoad({ s, t, seg }: Numberless): boolean {
  if (!usLine(s, t, seg)) return false;
  const commaBefore = s.city !== undefined && t[s.city.start].seg !== t[seg.start].seg;
  const lone = seg.end - seg.start === 1 && !t[seg.start].hasDigit && !t[seg.start].unit;
  if (!(lone && seg.start === 0 && commaBefore)) return false;
  setRoad(s, seg.start, seg.end);
  return true;
}

function usLine(s: ParseState, t: Classified[], seg: Segment): boolean {
  return (s.detail.countryCode === 'US' || !s.detail.countryCode) && !t[seg.start].intlPrefix;
}

/** "Achter Clarenburg, Utrecht": one plain part before a town found in its own segment. */
function streetBeforeTown({ s, t, seg }: Numberless): boolean {
  const townAfter = s.city && t[s.city.start].seg !== t[seg.end - 1].seg && !s.state && !s.postcode;
  if (!(townAfter && seg.start === 0 && seg.end === s.end && plainWords(t, seg))) return false;
  setRoad(s, seg.start, seg.end);
  return true;
}

/**
 * "University of Hawaii at Hilo", "National Air and Space Museum": an institution's name
 * with no street type, even around a connector, is a building, not an intersection.
 */
function institution({ t, seg, houseParts }: Numberless): boolean {
  const words = t.slice(seg.start, seg.end);
  if (
    !words.some((x) => INSTITUTION_WORDS.has(x.key)) ||
    words.some((x) => x.suffix || x.caType || x.hasDigit)
  )
    return false;
  houseParts.push(spanText(t, seg));
  return true;
}

/** "Lorem House, The Marina, Lowestoft": in Britain "The" and one word name a street. */
function britishStreet({ s, seg }: Numberless): boolean {
  if (!britishTheStreet(s, seg)) return false;
  setRoad(s, seg.start, seg.end);
  return true;
}

/** "Terminal Tower Ste 1100", "Wrigley Field": a building name, then its unit. */
function buildingThenUnit({ t, seg, houseParts, units }: Numberless): boolean {
  if (looksLikeStreet(t, seg) && towerNameEnd(t, seg.start, seg.end, true) <= 0) return false;
  let u = seg.start + 1;
  while (u < seg.end && !unitStartsAt(t, u, seg.end)) u++;
  houseParts.push(spanText(t, { start: seg.start, end: u }));
  if (u < seg.end) units.push({ start: u, end: seg.end });
  return true;
}

/**
 * The street, then a unit. "IBS Centre Jalan Chan Sow Lin": abroad, a name may come before
 * the street's opening type word - not at an English type word that closes the street
 * ("Cornwall Avenue").
 */
function street({ s, t, seg, houseParts, units }: Numberless): boolean {
  const unitStart = findUnitStart(t, seg.start + 1, seg.end);
  const cc = s.detail.countryCode;
  const intlStart = cc && cc !== 'US' && cc !== 'CA' ? intlRoadStart(t, seg.start, unitStart) : seg.start;
  const roadStart = t[intlStart].suffix && intlStart === unitStart - 1 ? seg.start : intlStart;
  if (roadStart > seg.start) houseParts.push(spanText(t, { start: seg.start, end: roadStart }));
  setRoad(s, roadStart, unitStart);
  if (unitStart < seg.end) units.push({ start: unitStart, end: seg.end });
  return true;
}

/** In order: the first that reads the segment settles it. */
export const NUMBERLESS_READINGS: readonly Reading[] = [
  ['units only', unitsOnly],
  ['firm name', firmName],
  ['unit, then a street', unitThenStreet],
  ['venue', venue],
  ['lone word before the town', loneWordRoad],
  ['street before its town', streetBeforeTown],
  ['institution', institution],
  ['British "The" street', britishStreet],
  ['building, then its unit', buildingThenUnit],
  ['street', street],
];
