/**
 * The street written after its number (US, UK, France): the number and what may cling to
 * it, buildings and units written before or inside the street, and the unit after it.
 */
import { COMPLEX_TYPES } from '../tables/building-words.js';
import { FLOOR_WORDS } from '../tables/number-words.js';
import { NUMBER_SUFFIXES } from '../tables/street-words.js';
import { buildingNameAfterStreet, isBuildingName, spelledBuildingEnd, towerNameEnd } from './buildings.js';
import type { Classified } from './classify.js';
import { spelledNumberLength } from './house-number.js';
import { setRoad, takeUrbanization } from './road.js';
import type { Segment } from './segments.js';
import { isRouteWord } from './split-street.js';
import { type ParseState, type Span, spanText } from './state.js';
import { findUnitStart } from './unit-start.js';
import { isUnitSegment, splitNameAndUnits, unitStartsAt } from './units.js';

/** "W148 N9748 Tree Tops Dr": one part of a Wisconsin grid address's two-part number. */
const GRID = /^[NSEW]\d+[NSEW]?$/;

/** "LT42", "APT3B", "STE200": a short designator and its id written as one word. */
const GLUED_UNIT = /^[A-Z]{2,4}\d+[A-Z]?$/;

export function assignNumberFirst(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const extraUnits = unitsBeforeNumber(s, seg, hn, houseParts);
  // "300 One Commerce Square", "1500 Two Liberty Place": the building is named by a spelled-out
  // number, so the number before it is the suite.
  const named = spelledBuildingEnd(t, hn + 1, seg.end);
  if (named > 0) {
    houseParts.push(spanText(t, { start: hn + 1, end: named }));
    return [{ start: hn, end: hn + 1 }, ...(named < seg.end ? [{ start: named, end: seg.end }] : [])];
  }
  // "1700 Wells Fargo Tower", "1600 Crestar Bank Bldg": no street at all, a building.
  const tower = towerNameEnd(t, hn + 1, seg.end);
  if (tower > 0) {
    houseParts.push(spanText(t, { start: hn, end: tower }));
    return tower < seg.end ? [{ start: tower, end: seg.end }] : [];
  }
  hn = complexAndSuiteBefore(t, seg, hn, houseParts, extraUnits);
  const second = secondStreetAt(t, hn, seg.end);
  if (second) {
    if (COMPLEX_TYPES.has(t[second.number - 1].key) || COMPLEX_TYPES.has(t[second.number - 2]?.key ?? '')) {
      houseParts.push(spanText(t, { start: hn, end: second.number }));
      hn = second.number;
    } else {
      houseParts.push(spanText(t, { start: second.number, end: second.end }));
      const head = assignNumberFirst(s, { start: seg.start, end: second.number }, hn, houseParts);
      return second.end < seg.end ? [...head, { start: second.end, end: seg.end }] : head;
    }
  }
  // "Mile 12 Sterling Hwy": a mile post is two words.
  let numEnd = hn + Math.max(1, t[hn].hasDigit ? 1 : spelledNumberLength(t, hn, seg.end));
  if (numEnd < seg.end && t[numEnd].fraction) numEnd++;
  if (unitBetweenNumberAndStreet(s, seg, hn, numEnd, extraUnits)) return extraUnits;
  numEnd = numberEnd(t, seg, hn, numEnd);
  s.detail.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
  splitUnitFromNumber(s, t[hn], numEnd === hn + 1);
  const unitStart = findUnitStart(t, numEnd + 1, seg.end);
  // Words between a complete street and a unit or a town already found are a name.
  const bounded = unitStart < seg.end || (s.city !== undefined && s.city.start === seg.end);
  const nameStart = buildingNameAfterStreet(t, numEnd, unitStart, bounded);
  setRoad(s, numEnd, nameStart);
  if (nameStart < unitStart) houseParts.push(spanText(t, { start: nameStart, end: unitStart }));
  if (unitStart < seg.end) unitAfterStreet(t, seg, unitStart, houseParts, extraUnits);
  return extraUnits;
}

/**
 * Words before the number: "# 2 Turner Rd" (the number sign is not part of anything),
 * "Apt 4 10A Dr Martin Luther King Blvd" (a unit written before the number), "lt42 99 Some
 * Road" (a designator glued to its id, alone before the number), an urbanization, or a name.
 */
function unitsBeforeNumber(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const before: Segment = { start: seg.start, end: hn };
  const numberSign = hn - 1 === seg.start && t[seg.start].key === '#';
  if (hn <= seg.start || numberSign) return [];
  const glued = hn - seg.start === 1 && GLUED_UNIT.test(t[seg.start].key) && !t[seg.start].houseNumber;
  if (isUnitSegment(t, before) || glued) return [before];
  if (takeUrbanization(s, before)) return [];
  return splitNameAndUnits(t, before, houseParts);
}

/**
 * "1 Lincoln Ctr 5400 LBJ Fwy", "440 LaSalle St 1 Financial Place": two numbered streets in a
 * row; the one typed as a complex (center, plaza, place...) is the building. "12 Lenox Plaza
 * Suite 300 3400 Peachtree Rd NE": a complex, its suite, then the street. Returns the
 * street's number.
 */
function complexAndSuiteBefore(
  t: Classified[],
  seg: Segment,
  hn: number,
  houseParts: string[],
  extraUnits: Span[],
): number {
  for (let q = hn + 3; q + 4 < seg.end; q++) {
    if (!COMPLEX_TYPES.has(t[q - 1].key) || !unitStartsAt(t, q, seg.end) || !t[q + 1].hasDigit) continue;
    const street = t.slice(q + 3, seg.end);
    if (!t[q + 2].num || !street.some((x) => x.suffix || x.caType) || street.some((x) => x.hasDigit)) break;
    houseParts.push(spanText(t, { start: hn, end: q }));
    extraUnits.push({ start: q, end: q + 2 });
    return q + 2;
  }
  return hn;
}

/**
 * A second "number + name + type" after a complete first street in one segment: where its
 * number sits and where its type (and a directional after it) ends.
 */
function secondStreetAt(
  t: Classified[],
  hn: number,
  end: number,
): { number: number; end: number } | undefined {
  for (let q = hn + 3; q < end - 2; q++) {
    if (!t[q].num) continue;
    const prev = t[q - 1];
    const typedBefore = prev.suffix || prev.caType || (prev.dir && (t[q - 2].suffix || t[q - 2].caType));
    if (!typedBefore || q - 2 <= hn || isRouteWord(t, q - 1)) return undefined;
    const typed = (k: number) => t[k].suffix || t[k].caType;
    // The second street: a name (its first word may be "20th"), then a type.
    let e = q + 2;
    while (e < end && !typed(e - 1) && (e - 1 === q + 1 || (!t[e - 1].hasDigit && !t[e - 1].unit))) e++;
    if (!typed(e - 1)) return undefined;
    while (e < end && typed(e)) e++; // "Park Square"
    if (e < end && t[e].dir) e++;
    return { number: q, end: e };
  }
  return undefined;
}

/** "6910 # G Mary Caroline Circle": a unit written between the number and the street. */
function unitBetweenNumberAndStreet(
  s: ParseState,
  seg: Segment,
  hn: number,
  numEnd: number,
  extraUnits: Span[],
): boolean {
  const t = s.tokens;
  if (t[numEnd]?.key !== '#' || !unitStartsAt(t, numEnd, seg.end) || numEnd + 3 >= seg.end) return false;
  const street = t.slice(numEnd + 2, seg.end);
  const last = street[street.length - 1];
  if (!street.every((x) => !x.hasDigit && !x.unit) || !(last.suffix || last.caType)) return false;
  extraUnits.push({ start: numEnd, end: numEnd + 2 });
  s.detail.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
  setRoad(s, numEnd + 2, seg.end);
  return true;
}

/** Where the house number ends, with a letter, a repeat suffix or a grid half clinging to it. */
function numberEnd(t: Classified[], seg: Segment, hn: number, numEnd: number): number {
  const next = t[numEnd];
  const after = t[numEnd + 1];
  // "1536 C. Hunt Drive": a letter then a real word; not "2964 L B J Fwy" or "4715 F 41".
  const wordAfter =
    after && after.seg === next?.seg && !after.suffix && !after.letter && !after.hasDigit && !after.connector;
  // "439 B- West Grant": a letter hyphenated onto the number is the number's.
  const hyphenLetter = next && next.seg === t[hn].seg && /^[A-Z]-$/.test(next.key) && numEnd + 1 < seg.end;
  if (hyphenLetter || (next && next.seg === t[hn].seg && next.letter && !next.dir && wordAfter)) {
    numEnd++;
  } else if (next && next.seg === t[hn].seg && NUMBER_SUFFIXES.has(next.key) && numEnd + 1 < seg.end) {
    // "1 bis Av. Amélie": French and Italian repeat suffixes belong to the number.
    numEnd++;
  }
  // "W148 N9748 Tree Tops Dr": Wisconsin grid addresses have a two-part number.
  if (
    GRID.test(t[hn].key) &&
    numEnd === hn + 1 &&
    GRID.test(t[numEnd]?.key ?? '') &&
    t[numEnd].seg === t[hn].seg
  )
    numEnd++;
  return numEnd;
}

/**
 * The unit after the street. "Suite 28 Reference Division": a unit and its id, then a name
 * of two plain words or more; "3rd Floor Accounts Payable Division": a floor, then a name, too.
 */
function unitAfterStreet(
  t: Classified[],
  seg: Segment,
  unitStart: number,
  houseParts: string[],
  extraUnits: Span[],
): void {
  const floor =
    (t[unitStart].ordinal || FLOOR_WORDS.has(t[unitStart].key)) && t[unitStart + 1]?.unit?.isLevel;
  const idGroup = unitStartsAt(t, unitStart, seg.end) && t[unitStart + 1]?.hasDigit;
  const named = (idGroup || floor) && unitStart + 2 < seg.end;
  const rest = t.slice(unitStart + 2, seg.end);
  const plainName =
    rest.length >= 2 && rest.every((x) => !x.hasDigit && !x.connector && !x.unit && !x.dir && !x.letter);
  if (named && (plainName || isBuildingName(t, unitStart + 2, seg.end))) {
    extraUnits.push({ start: unitStart, end: unitStart + 2 });
    houseParts.push(spanText(t, { start: unitStart + 2, end: seg.end }));
  } else extraUnits.push({ start: unitStart, end: seg.end });
}

/**
 * "5/20 George St" (Australia, unit 5 of number 20) and "200-123 Main St" (Canada, unit
 * 200 of civic 123): the unit is written in front of the number.
 */
function splitUnitFromNumber(s: ParseState, tok: Classified, alone: boolean): void {
  if (!alone) return;
  const d = s.detail;
  const slash = /^([0-9A-Z]+)\/(\d+[A-Z]?)$/i.exec(tok.raw);
  const dash = d.countryCode === 'CA' ? /^([0-9A-Z]+)-(\d+[A-Z]?)$/i.exec(tok.raw) : null;
  const m = slash && !tok.fraction ? slash : dash;
  if (!m) return;
  d.fields.houseNumber = m[2];
  d.unit.id = m[1].toUpperCase();
  d.fields.unit = m[1];
}
