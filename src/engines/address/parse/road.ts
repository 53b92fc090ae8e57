/**
 * Assigning the street segment: house number, road and its USPS parts, building names
 * around it, and the unit text left after it - for each house-number layout.
 */
import { isBareIntlSuffix } from '../tables/intl-street-words.js';
import { FLOOR_WORDS } from '../tables/number-words.js';
import { asciiFold, type Classified } from './classify.js';
import { spelledNumberLength } from './house-number.js';
import { britishTheStreet, looksLikeStreet, plainWords, type Segment } from './segments.js';
import { isRouteWord, splitStreet } from './split-street.js';
import { type ParseState, type Span, spanText } from './state.js';
import {
  findUnitStart,
  isUnitSegment,
  officeBeforeBuilding,
  splitNameAndUnits,
  unitStartsAt,
} from './units.js';

const NUMBER_SUFFIXES = new Set(['BIS', 'TER', 'QUATER']);

const GRID = /^[NSEW]\d+[NSEW]?$/;

/** "LT42", "APT3B", "STE200": a short designator and its id written as one word. */
const GLUED_UNIT = /^[A-Z]{2,4}\d+[A-Z]?$/;

const URBANIZATION = new Set(['URB', 'URBANIZACION', 'URBANIZACIÓN']);

/** Puerto Rico: "URB Las Gladiolas 150 Calle A" - the urbanization precedes the street. */
export function takeUrbanization(s: ParseState, span: Span): boolean {
  const t = s.tokens;
  if (!URBANIZATION.has(t[span.start].key) || span.end - span.start < 2) return false;
  s.detail.urbanization = spanText(t, { start: span.start + 1, end: span.end });
  s.detail.fields.suburb = spanText(t, span);
  return true;
}

export function assignStreetWithoutNumber(
  s: ParseState,
  seg: Segment,
  houseParts: string[],
  units: Span[],
): void {
  const t = s.tokens;
  // "Apt 4", "Suite 200 Bldg 17": units only.
  if ((t[seg.start].unit && !t[seg.start].suffix && seg.end - seg.start <= 3) || isUnitSegment(t, seg)) {
    units.push(seg);
    return;
  }
  // "JPMorgan Investment Mgmt Inc": a firm's name.
  if (t.slice(seg.start, seg.end).some((x) => FIRM_WORDS.has(x.key))) {
    houseParts.push(spanText(t, seg));
    return;
  }
  // "Unit 26 Roper Close": a unit, then a street with no number.
  if (unitStartsAt(t, seg.start, seg.end) && seg.end - seg.start > 3 && t[seg.start + 1].hasDigit) {
    units.push({ start: seg.start, end: seg.start + 2 });
    seg = { start: seg.start + 2, end: seg.end };
  }
  // US lines with no number: a venue ("Union Station", "Meriden Square", "Valley West Mall")
  // is the building; a lone word ("Main, Ashland, NH") is the road.
  // With no country at all ("Wrigley Field") the venue rule applies too.
  const usLine = s.detail.countryCode === 'US' || !s.detail.countryCode;
  if (usLine && !t[seg.start].intlPrefix) {
    const u = findUnitStart(t, seg.start + 1, seg.end);
    if (u - seg.start >= 2 && VENUE_WORDS.has(t[u - 1].key)) {
      houseParts.push(spanText(t, { start: seg.start, end: u }));
      if (u < seg.end) units.push({ start: u, end: seg.end });
      return;
    }
    const commaBefore = s.city !== undefined && t[s.city.start].seg !== t[seg.start].seg;
    if (
      seg.end - seg.start === 1 &&
      !t[seg.start].hasDigit &&
      !t[seg.start].unit &&
      seg.start === 0 &&
      commaBefore
    ) {
      setRoad(s, seg.start, seg.end);
      return;
    }
  }
  // "Achter Clarenburg, Utrecht": one plain part before a town found in its own segment.
  const townAfter = s.city && t[s.city.start].seg !== t[seg.end - 1].seg && !s.state && !s.postcode;
  if (townAfter && seg.start === 0 && seg.end === s.end && plainWords(t, seg)) {
    setRoad(s, seg.start, seg.end);
    return;
  }
  const tower = towerNameEnd(t, seg.start, seg.end, true);
  // "University of Hawaii at Hilo", "National Air and Space Museum": an institution's
  // name with no street type, even around a connector, is a building, not an intersection.
  const words = t.slice(seg.start, seg.end);
  if (
    words.some((x) => INSTITUTION_WORDS.has(x.key)) &&
    !words.some((x) => x.suffix || x.caType || x.hasDigit)
  ) {
    houseParts.push(spanText(t, seg));
    return;
  }
  if (britishTheStreet(s, seg)) {
    setRoad(s, seg.start, seg.end);
    return;
  }
  if (!looksLikeStreet(t, seg) || tower > 0) {
    // "Terminal Tower Ste 1100": a building name, then its unit.
    let u = seg.start + 1;
    while (u < seg.end && !unitStartsAt(t, u, seg.end)) u++;
    houseParts.push(spanText(t, { start: seg.start, end: u }));
    if (u < seg.end) units.push({ start: u, end: seg.end });
    return;
  }
  const unitStart = findUnitStart(t, seg.start + 1, seg.end);
  // "IBS Centre Jalan Chan Sow Lin": abroad, a name before the street's opening type word.
  const cc = s.detail.countryCode;
  const intlStart = cc && cc !== 'US' && cc !== 'CA' ? intlRoadStart(t, seg.start, unitStart) : seg.start;
  // Not at an English type word that closes the street ("Cornwall Avenue").
  const roadStart = t[intlStart].suffix && intlStart === unitStart - 1 ? seg.start : intlStart;
  if (roadStart > seg.start) houseParts.push(spanText(t, { start: seg.start, end: roadStart }));
  setRoad(s, roadStart, unitStart);
  if (unitStart < seg.end) units.push({ start: unitStart, end: seg.end });
}

/** Words that end a building's name and never a street's. */
const TOWER_WORDS = new Set(['TOWER', 'TOWERS', 'TWR', 'BLDG', 'BUILDING', 'OFFICES']);

/**
 * Where a building name made of plain words and a closing TOWER/BLDG ends, when such a
 * name is all that stands between `from` and the end or a unit; else -1.
 */
function towerNameEnd(t: Classified[], from: number, end: number, numberless = false): number {
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
function spelledBuildingEnd(t: Classified[], from: number, end: number): number {
  if (!t[from]?.cardinalWord) return -1;
  let k = from + 1;
  while (k < end && !t[k].hasDigit && !t[k].unit && !t[k].suffix && !t[k].caType && !t[k].connector) k++;
  if (k === from + 1 || k >= end || !COMPLEX_TYPES.has(t[k].key)) return -1;
  return k + 1 === end || unitStartsAt(t, k + 1, end) ? k + 1 : -1;
}

/** Street types that name an office complex or building more often than a street. */
const COMPLEX_TYPES = new Set([
  'CENTER',
  'CTR',
  'CENTRE',
  'PLAZA',
  'PLZ',
  'SQUARE',
  'SQ',
  'PLACE',
  'PL',
  'TOWER',
  'MALL',
]);

/** Center, Plaza, Square...: a street type that may name an office complex. */
export function isComplexType(key: string): boolean {
  return COMPLEX_TYPES.has(key);
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

export function assignNumberFirst(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const d = s.detail;
  const extraUnits: Span[] = [];
  const before: Segment = { start: seg.start, end: hn };
  // "# 2 Turner Rd": the number sign is not part of anything.
  const numberSign = hn - 1 === seg.start && t[seg.start].key === '#';
  if (hn > seg.start && !numberSign) {
    // "Apt 4 10A Dr Martin Luther King Blvd": a unit written before the number.
    // "lt42 99 Some Road": a designator glued to its id, alone before the number.
    const glued = hn - seg.start === 1 && GLUED_UNIT.test(t[seg.start].key) && !t[seg.start].houseNumber;
    if (isUnitSegment(t, before) || glued) extraUnits.push(before);
    else if (!takeUrbanization(s, before)) extraUnits.push(...splitNameAndUnits(t, before, houseParts));
  }
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
  // "1 Lincoln Ctr 5400 LBJ Fwy", "440 LaSalle St 1 Financial Place": two numbered streets
  // in a row; the one typed as a complex (center, plaza, place...) is the building.
  // "12 Lenox Plaza Suite 300 3400 Peachtree Rd NE": a complex, its suite, then the street.
  for (let q = hn + 3; q + 4 < seg.end; q++) {
    if (!COMPLEX_TYPES.has(t[q - 1].key) || !unitStartsAt(t, q, seg.end) || !t[q + 1].hasDigit) continue;
    const street = t.slice(q + 3, seg.end);
    if (!t[q + 2].num || !street.some((x) => x.suffix || x.caType) || street.some((x) => x.hasDigit)) break;
    houseParts.push(spanText(t, { start: hn, end: q }));
    extraUnits.push({ start: q, end: q + 2 });
    hn = q + 2;
    break;
  }
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
  // "6910 # G Mary Caroline Circle": a unit written between the number and the street.
  if (t[numEnd]?.key === '#' && unitStartsAt(t, numEnd, seg.end) && numEnd + 3 < seg.end) {
    const street = t.slice(numEnd + 2, seg.end);
    if (
      street.every((x) => !x.hasDigit && !x.unit) &&
      (street[street.length - 1].suffix || street[street.length - 1].caType)
    ) {
      extraUnits.push({ start: numEnd, end: numEnd + 2 });
      d.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
      setRoad(s, numEnd + 2, seg.end);
      return extraUnits;
    }
  }
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
  d.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
  splitUnitFromNumber(s, t[hn], numEnd === hn + 1);
  const unitStart = findUnitStart(t, numEnd + 1, seg.end);
  // Words between a complete street and a unit or a town already found are a name.
  const bounded = unitStart < seg.end || (s.city !== undefined && s.city.start === seg.end);
  const nameStart = buildingNameAfterStreet(t, numEnd, unitStart, bounded);
  setRoad(s, numEnd, nameStart);
  if (nameStart < unitStart) houseParts.push(spanText(t, { start: nameStart, end: unitStart }));
  if (unitStart < seg.end) {
    // "Suite 28 Reference Division": a unit and its id, then a name of two plain words or more.
    // "3rd Floor Accounts Payable Division": a floor, then a name, too.
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
  return extraUnits;
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

/**
 * Where a street written before its number starts: "Eschenbraeu Braeurei Triftstrasse 67"
 * and "Museo del Prado C. de Ruiz de Alarcón, 23" open with a name that is the house.
 */
export function intlRoadStart(t: Classified[], start: number, end: number): number {
  if (t[start].intlPrefix) return start;
  for (let k = end - 1; k > start; k--) {
    if (t[k].intlPrefix && !t[k].dir) return k;
    // Only with two or more words before it: "Gamle Drammensvei" is one street.
    const compound = t[k].intlSuffix && !t[k].suffix && !isBareIntlSuffix(asciiFold(t[k].key));
    if (compound && k === end - 1 && k - start >= 2) return k;
  }
  return start;
}

export function assignNumberAfter(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const d = s.detail;
  d.layout = 'intl';
  const roadStart = intlRoadStart(t, seg.start, hn);
  if (roadStart > seg.start) houseParts.push(spanText(t, { start: seg.start, end: roadStart }));
  setRoad(s, roadStart, hn);
  let numEnd = hn + 1;
  if (numEnd < seg.end && t[numEnd].letter && numEnd + 1 === seg.end) numEnd++;
  d.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
  if (numEnd < seg.end) {
    if (t[numEnd].unit) return [{ start: numEnd, end: seg.end }];
    if (!s.city) s.city = { start: numEnd, end: seg.end };
    else return [{ start: numEnd, end: seg.end }];
  }
  return [];
}

/**
 * Words closing the name of a place one goes to rather than a thoroughfare; without a
 * house number such a name is the building ("Union Station", "Lee Bird Fld").
 */
const VENUE_WORDS = new Set(
  'STATION STA CENTER CTR CENTRE FIELD FLD VILLAGE VLG MALL PLACE HARBOR HBR SQUARE SQ PLAZA PLZ AIRPORT INN BUILDING BLDG TOWER TOWERS'.split(
    ' ',
  ),
);

/** Words that make a line a firm's name ("... Consultants Inc"). */
const FIRM_WORDS = new Set(['INC', 'LLC', 'LTD', 'CORP', 'CORPORATION', 'LLP', 'INCORPORATED', 'GMBH']);

/** INC, LLC, GMBH...: a word that makes the words around it a firm's name. */
export function isFirmWord(key: string): boolean {
  return FIRM_WORDS.has(key);
}

const INSTITUTION_WORDS = new Set(
  'UNIVERSITY COLLEGE SCHOOL MUSEUM HOSPITAL LIBRARY ACADEMY INSTITUTE STADIUM THEATRE THEATER CATHEDRAL'.split(
    ' ',
  ),
);

const NAME_PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'EL', 'OF', 'DU', 'DES']);

const BUILDING_WORDS = new Set([
  'TOWER',
  'TOWERS',
  'APARTMENTS',
  'APTS',
  'FLATS',
  'LOFTS',
  'TOWNHOMES',
  'CONDOMINIUMS',
  'CONDOS',
  'BUILDING',
  'BLDG',
  'HALL',
  'HOUSE',
  'CENTER',
  'CENTRE',
  'COMMONS',
  'RESIDENCES',
  'SUITES',
  'MALL',
  'GARDENS',
  'COVE',
  'COURT',
  'PLAZA',
]);

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

/** "Tower", "Lofts", "The": words that open or close a building's name. */
export function isBuildingWord(key: string): boolean {
  return BUILDING_WORDS.has(key) || TOWER_WORDS.has(key) || key === 'THE';
}

/**
 * "15955 Frederick Rd The Reed", "1100 Brickell Bay Dr Panorama Tower": words after a
 * complete street that name a building. `bounded`: a unit or the town follows, so two or
 * more words left between them are a name ("N Campbell Ave Luxe Logan Square, Chicago").
 * Returns where the name starts (or `end`).
 */
function buildingNameAfterStreet(t: Classified[], start: number, end: number, bounded: boolean): number {
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

/** Words that close the name of a park or a complex of buildings. */
const COMPLEX_CLOSERS = new Set([
  'PARK',
  'COMMONS',
  'CENTER',
  'CENTRE',
  'PLAZA',
  'MALL',
  'SQUARE',
  'VILLAGE',
]);

/** PARK, COMMONS, PLAZA...: a word that closes the name of a park or a complex. */
export function isComplexCloser(key: string): boolean {
  return COMPLEX_CLOSERS.has(key);
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

/** "Corner of", "Jct", "Crossroads": words announcing an intersection, not part of a street. */
const INTERSECTION_MARKERS: ReadonlyArray<readonly string[]> = [
  ['CORNER', 'OF'],
  ['INTERSECTION', 'OF'],
  ['JCT'],
  ['JUNCTION'],
  ['CROSSROADS'],
  ['CRSRDS'],
];

/** Tokens of an intersection marker opening the road at `start`, or 0. */
function intersectionMarker(t: Classified[], start: number, end: number): number {
  for (const words of INTERSECTION_MARKERS) {
    const n = words.length;
    if (end - start <= n + 1 || !words.every((w, k) => t[start + k].key === w)) continue;
    // Only before two streets or a numbered route: "Junction City Rd" is one street.
    const rest = t.slice(start + n, end);
    const route = isRouteWord(t, start + n) || isRouteWord(t, start + n + 1);
    if (route || rest.some((x, k) => x.connector && k > 0 && k < rest.length - 1)) return n;
  }
  return 0;
}

export function setRoad(s: ParseState, start: number, end: number): void {
  start += intersectionMarker(s.tokens, start, end);
  if (end <= start) return;
  const t = s.tokens;
  const d = s.detail;
  d.fields.road = spanText(t, { start, end });
  const c = t.slice(start, end).findIndex((tok, k) => tok.connector && k > 0 && start + k < end - 1);
  if (c >= 0 && t[start + c].key !== 'Y') {
    const at = start + c;
    d.intersection = { first: spanText(t, { start, end: at }), second: spanText(t, { start: at + 1, end }) };
    d.street = splitStreet(t, start, at);
    return;
  }
  if (URBANIZATION.has(t[start].key) && end - start > 1) {
    d.urbanization = spanText(t, { start: start + 1, end });
  }
  d.street = splitStreet(t, start, end);
}
