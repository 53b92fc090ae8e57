/**
 * Stage 8: the part of the line before the city. Finds the house number and decides
 * the layout (number first as in the US, UK, France; number after the street as in
 * Germany, Spain, Latin America), then assigns street, unit, level, PO box and names.
 */
import { isBareIntlSuffix } from '../tables/intl-street-words.js';
import { usState } from '../tables/us-states.js';
import { asciiFold, type Classified } from './classify.js';
import { statesOfCity, townEndingAt } from './gazetteer.js';
import { houseNumberAt, type Layout, spelledNumberLength } from './house-number.js';
import {
  assignNumberAfter,
  assignNumberFirst,
  assignStreetWithoutNumber,
  intlRoadStart,
  isBuildingName,
  isBuildingWord,
  isComplexCloser,
  isComplexType,
  setRoad,
  takeUrbanization,
} from './road.js';
import {
  britishTheStreet,
  CARE_OF,
  loneNumberAfter,
  looksLikeStreet,
  plainWords,
  type Segment,
  segmentsOf,
} from './segments.js';
import { matchSpecial } from './special.js';
import { isRouteQualifier, isRouteWord } from './split-street.js';
import { type ParseState, type Span, spanKey, spanText } from './state.js';
import {
  assignUnits,
  isUnitSegment,
  NUMBERED_TOWER,
  remittanceFile,
  splitNameAndUnits,
  unitStartsAt,
} from './units.js';

/** Words opening an account or customer reference written before a box. */
const ACCOUNT_WORDS = new Set([
  'CLIENT',
  'CUSTOMER',
  'CUST',
  'ACCT',
  'ACCOUNT',
  'RE',
  'RE:',
  'RE:ACCT',
  'INVOICE',
]);

const MILITARY_PO = new Set(['APO', 'FPO', 'DPO']);

const POST_OFFICE_WORDS = new Set(['PO', 'P', 'POST', 'POB', 'POBOX']);

export function solveStreet(s: ParseState): void {
  const t = s.tokens;
  const hi = s.end;
  if (hi === 0) return;
  const d = s.detail;
  const segs = joinBoxAndId(t, segmentsOf(t, hi));
  const houseParts: string[] = [];
  let unitParts: Span[] = [];
  let segIndex = 0;

  // "Lange Groenendaal, Gouda", "Broadway, Manhattan": two plain words-only parts and
  // nothing else read as street and town.
  if (
    segs.length === 2 &&
    !s.state &&
    !s.postcode &&
    !s.country &&
    !s.city &&
    segs.every((g) => plainWords(t, g))
  ) {
    // Not "D Pelican Bay Road, Morro Bay": a lettered house number opens the street.
    if (!CARE_OF.has(t[0].key) && !personalName(t, segs[0]) && !spelledNumberLength(t, 0, segs[0].end)) {
      setRoad(s, segs[0].start, segs[0].end);
      s.city = segs[1];
      return;
    }
  }

  if (wholeLineStreet(s) || shipLine(s)) return;

  // Care-of and firm lines come first when present.
  if (CARE_OF.has(t[0].key) && segs[0].end > 1) {
    // "attn: mcshane 3 fl 45-18 court square": the name ends where a numbered street starts.
    const streetAt = careOfStreetStart(t, segs[0]);
    if (streetAt > 0) segs.splice(0, 1, { start: 0, end: streetAt }, { start: streetAt, end: segs[0].end });
    const parts: string[] = [];
    unitParts = splitNameAndUnits(t, segs[0], parts, true);
    d.careOf = parts[0];
    houseParts.push(d.careOf);
    segIndex = 1;
  }

  let street: { seg: number; layout?: Layout; hn?: number } | undefined;
  for (let k = segIndex; k < segs.length && !street; k++) {
    const seg = segs[k];
    // "Dept 96 0430, 3545 NW 58th": a unit segment before the street holds no house number.
    // "Dept LA 21702, Pasadena": a remittance department with a lettered code is a unit too.
    // "File 12345, Los Angeles": so is a remittance file number.
    const idFirst = t[seg.start].unit?.requiresId || remittanceFile(t, seg);
    if (
      (k + 1 < segs.length || codedUnit(t, seg) || remittanceFile(t, seg)) &&
      idFirst &&
      isUnitSegment(t, seg)
    )
      continue;
    const account = ACCOUNT_WORDS.has(t[seg.start].key);
    for (let i = seg.start; i < seg.end; i++) {
      // "drawer 368 po box 11407": the post office box wins; the id before it is a unit.
      // "rr # 1 po box 406": a route and its box are one delivery address.
      const own = matchSpecial(t, i, seg.end);
      // "p.o. box 850001 box # 0123": a post office box written out comes first.
      const routeBox =
        own &&
        own.special.kind !== 'poBox' &&
        (('box' in own.special && own.special.box) || t[own.end - 1].key === 'BOX');
      const ownFirst = routeBox || (own && POST_OFFICE_WORDS.has(t[i].key));
      const special = (ownFirst ? own : specialAfterId(t, seg, i)) ?? own;
      if (special) {
        // "dept. 0669 p o box 120001", "file 74115 po box 60000": an id before the box is a unit.
        if (special.start > i) i = special.start;
        d.special = special.special;
        d.fields.poBox = spanText(t, special);
        const rest = t.slice(special.end, seg.end);
        if (rest.length && !s.city && rest.every((x) => !x.hasDigit && !x.unit))
          s.city = { start: special.end, end: seg.end };
        else if (rest.length > 1 && isRouteWord(t, special.end) && rest[1].hasDigit)
          // "P.O. Box 628 Hwy 231": the box and the road it is on.
          setRoad(s, special.end, seg.end);
        else if (numberedStreetAt(t, special.end, seg.end))
          // "Lockbox 360172 500 Ross St Spc 15": the box, then a numbered street.
          unitParts.push(
            ...assignNumberFirst(s, { start: special.end, end: seg.end }, special.end, houseParts),
          );
        else if (typedStreet(rest) && !d.fields.road)
          // "PO Box 5 Main St Vail CO": the box, then the street it is on, without a number.
          setRoad(s, special.end, seg.end);
        else if (rest.length) unitParts.push({ start: special.end, end: seg.end });
        if (i > seg.start) {
          const before = { start: seg.start, end: i };
          // "client # 40006620 po box 740709": an account reference is the recipient's.
          const account = ACCOUNT_WORDS.has(t[seg.start].key);
          // "FM 170 Box 77": the numbered road the box is on.
          const route =
            i - seg.start >= 2 &&
            isRouteWord(t, i - 2) &&
            t[i - 1].hasDigit &&
            t.slice(seg.start, i - 2).every((w) => w.dir || isRouteQualifier(w.key));
          if (route) setRoad(s, seg.start, i);
          else if (t[i - 1].hasDigit && i - seg.start <= 3 && !account) unitParts.push(before);
          else houseParts.push(spanText(t, before));
        }
        street = { seg: k };
        break;
      }
      // "acct # 4471 330-1187 002 p.o. box 9001": an account's numbers are no house number.
      if (account && i + 1 < seg.end && boxLater(t, i + 1, seg.end)) continue;
      const layout = houseNumberAt(t, seg, i);
      if (layout) {
        street = { seg: k, layout, hn: i };
        break;
      }
    }
  }
  if (!street) {
    // No number in a street: the street is the first segment that reads like one, or one
    // followed by a segment holding only the number ("Avenida Paulista, 1578").
    let k = segIndex;
    for (let j = segIndex; j < segs.length; j++) {
      if (looksLikeStreet(t, segs[j]) || loneNumberAfter(t, segs, j) || britishTheStreet(s, segs[j])) {
        k = j;
        break;
      }
    }
    street = {
      seg: k,
      ...(loneNumberAfter(t, segs, k) ? { layout: 'numberAfter' as Layout, hn: segs[k + 1].start } : {}),
    };
  }

  street = laterStreetAfterComplex(t, segs, street);
  // "21, Kingswood Road": the number alone in the segment before a numberless street.
  const before = segs[street.seg - 1];
  const loneNumber =
    street.hn === undefined &&
    before &&
    street.seg - 1 >= segIndex &&
    before.end - before.start === 1 &&
    t[before.start].houseNumber &&
    looksLikeStreet(t, segs[street.seg]);
  // Names in segments before the street come before any name found inside it ("Smithfield
  // Foods, Inc P. O. Box 9004"): they go in after the care-of name, in line order.
  const priorNames: string[] = [];
  for (let k = segIndex; k < street.seg - (loneNumber ? 1 : 0); k++) {
    const seg = segs[k];
    if (isUnitSegment(t, seg)) unitParts.push(seg);
    else if (letteredSuiteOpens(t, seg)) {
      // "203 a. Duncan Square, 1961 N Druid Hills Rd": the suite, then the building's name.
      unitParts.push({ start: seg.start, end: seg.start + 2 });
      priorNames.push(spanText(t, { start: seg.start + 2, end: seg.end }));
    } else if (!takeUrbanization(s, seg)) priorNames.push(spanText(t, seg));
  }
  houseParts.splice(segIndex > 0 ? 1 : 0, 0, ...priorNames);
  const seg = segs[street.seg];
  let nextSeg = street.seg + 1;
  if (seg && !d.special && street.hn !== undefined && street.hn >= seg.end) {
    // The number sits alone in the next segment.
    const roadStart = intlRoadStart(t, seg.start, seg.end);
    if (roadStart > seg.start) houseParts.push(spanText(t, { start: seg.start, end: roadStart }));
    setRoad(s, roadStart, seg.end);
    d.fields.houseNumber = t[street.hn].raw;
    d.layout = 'intl';
    nextSeg++;
  } else if (seg && !d.special) {
    if (street.hn === undefined) {
      assignStreetWithoutNumber(s, seg, houseParts, unitParts);
      if (loneNumber && d.fields.road) d.fields.houseNumber = t[before.start].raw;
      else if (loneNumber) houseParts.unshift(t[before.start].raw);
    } else if (street.layout === 'numberFirst')
      unitParts = unitParts.concat(assignNumberFirst(s, seg, street.hn, houseParts));
    else unitParts = unitParts.concat(assignNumberAfter(s, seg, street.hn, houseParts));
  }
  for (let k = nextSeg; k < segs.length; k++) {
    const later = segs[k];
    const words = t.slice(later.start, later.end);
    // Not "…, West Hall, Room 311": a directional and a building word name a building.
    const dirBuilding = words.length === 2 && isBuildingWord(words[1].key);
    if (d.fields.road && words[0].dir && !d.street.postDirection && !dirBuilding) {
      // "1800 M Street, NW [Ste 700]", "Donnelly Ave., S. W. # 2": a directional opening the
      // next segment belongs to the street.
      const pair = words.length > 1 && /^[NS]$/.test(words[0].key) && /^[EW]$/.test(words[1].key) ? 2 : 1;
      d.fields.road = `${d.fields.road} ${spanText(t, { start: later.start, end: later.start + pair })}`;
      d.street.postDirection = words
        .slice(0, pair)
        .map((w) => w.key)
        .join('');
      const rest = { start: later.start + pair, end: later.end };
      if (rest.end > rest.start) {
        // "…, NE 400 Colony Square": a numbered office complex after the directional.
        const complex = numberedName(t, rest) && isComplexType(t[rest.end - 1].key);
        if (!complex && t.slice(rest.start, rest.end).some((w) => w.hasDigit || w.unit)) unitParts.push(rest);
        else houseParts.push(spanText(t, rest));
      }
    } else if (CARE_OF.has(words[0].key)) {
      // "c/o Boa Lockbox 402605": a box after the care-of name is the delivery address.
      let k = later.start + 2;
      while (k < later.end && !matchSpecial(t, k, later.end)) k++;
      const box = k < later.end && !d.special ? matchSpecial(t, k, later.end) : undefined;
      if (box && box.end === later.end) {
        d.special = box.special;
        d.fields.poBox = spanText(t, box);
        houseParts.push(spanText(t, { start: later.start, end: k }));
      } else houseParts.push(spanText(t, later));
    } else if (
      !s.city &&
      k === segs.length - 1 &&
      words.every((w) => !w.hasDigit && !w.unit) &&
      d.fields.road &&
      !unknownComplex(t, later)
    ) {
      // "1085 Santa Paula Avenue, Los Osos": a last words-only segment is the city.
      s.city = later;
    } else if (
      abroad(s) &&
      d.fields.road &&
      !d.fields.suburb &&
      (s.city ? k === segs.length - 1 : k === segs.length - 2 && plainWords(t, segs[k + 1])) &&
      words.every((w) => !w.hasDigit && !w.unit && !w.connector)
    ) {
      // "Bow St, Covent Garden, London", "Nieuwe Binnenweg 17, Oude Westen, Rotterdam": outside
      // North America the part between the street and the town is the district.
      d.fields.suburb = spanText(t, later);
    } else if (words.length === 1 && words[0].letter && !words[0].dir && unitParts.length) {
      // "…, Unit K, L Cedar Rapids": a lone letter after a unit is another id of it.
      unitParts.push(later);
    } else if (
      CARE_OF.has(words[0].key) ||
      (d.fields.road && words.every((w) => !w.hasDigit && !w.unit)) ||
      isBuildingName(t, later.start, later.end)
    ) {
      // "..., Attn: Billing", "..., Mizzou North, Rm 501": names after the street.
      houseParts.push(spanText(t, later));
    } else if (d.special?.kind === 'poBox' && !d.fields.road && isRoute(t, later)) {
      // "Box 44, Rt 2": the numbered road the box is on.
      setRoad(s, later.start, later.end);
    } else if (routeWithoutBox(d) && boxClosing(t, later)) {
      // "RR 4, Box 164 A": the box of the rural route, after a comma.
      d.fields.poBox = `${d.fields.poBox} ${spanText(t, later)}`;
      const sp = d.special;
      const box = matchSpecial(t, later.start, later.end)?.special;
      if (sp && (sp.kind === 'ruralRoute' || sp.kind === 'highwayContract') && box?.kind === 'poBox')
        sp.box = box.id;
    } else if (
      matchSpecial(t, later.start, later.end) ||
      isUnitSegment(t, later) ||
      wordNumberSign(t, later)
    ) {
      // "…, Suite 100", "…, Substation # 1": units after the street or box.
      unitParts.push(later);
    } else if (d.fields.road && d.layout === 'us' && numberedName(t, later)) {
      // "…, 1 Piedmont Ctr., …": a numbered office complex is the building; "…, 500 North
      // Breakers …": a number and a name with no street type are the unit and the building.
      const complex = isComplexType(t[later.end - 1].key);
      if (!complex) unitParts.push({ start: later.start, end: later.start + 1 });
      houseParts.push(spanText(t, complex ? later : { start: later.start + 1, end: later.end }));
    } else if (d.fields.road || d.special) {
      // "Tower Place Ste 1685": a name, then the unit.
      let u = later.start;
      const wordAndId = later.end - later.start === 2 && t[later.start + 1].hasDigit;
      if (wordAndId && numberedBuilding(t, later.start)) {
        // "…, Suite 700, Overlook 1": a name and a small number, one building of a complex.
        houseParts.push(spanText(t, later));
        continue;
      }
      while (!wordAndId && u < later.end && !unitStartsAt(t, u, later.end) && !t[u].hasDigit) u++;
      // "Ste 110 Burns Prof. Blg.": a unit and its id, then the building's name.
      if (u === later.start && t[u + 1]?.hasDigit && isBuildingName(t, u + 2, later.end)) {
        unitParts.push({ start: u, end: u + 2 });
        houseParts.push(spanText(t, { start: u + 2, end: later.end }));
        continue;
      }
      if (u > later.start && u < later.end) houseParts.push(spanText(t, { start: later.start, end: u }));
      unitParts.push({ start: u < later.end ? u : later.start, end: later.end });
    } else houseParts.push(spanText(t, later));
  }
  if (houseParts.length) d.fields.house = houseParts.join(', ');
  assignUnits(s, unitParts);
}

/**
 * "One Exchange Plaza, 55 Broadway", "30 Allen Plaza, Suite 700, 30 Ivan Allen Jr. Blvd":
 * a numbered office complex in its own segment, then a numbered street in a later one -
 * the street is the later one and the complex the building.
 */
function laterStreetAfterComplex(
  t: Classified[],
  segs: Segment[],
  street: { seg: number; layout?: Layout; hn?: number },
): { seg: number; layout?: Layout; hn?: number } {
  if (street.layout !== 'numberFirst' || street.hn !== segs[street.seg].start) return street;
  const first = segs[street.seg];
  if (!isComplexType(t[first.end - 1].key)) return street;
  for (let j = street.seg + 1; j < segs.length; j++) {
    const seg = segs[j];
    if (seg.end - seg.start < 2 || houseNumberAt(t, seg, seg.start) !== 'numberFirst') continue;
    const typed = t
      .slice(seg.start + 1, seg.end)
      .some((x) => (x.suffix || x.caType) && !isComplexType(x.key));
    const oneWord = seg.end - seg.start === 2 && !t[seg.start + 1].hasDigit && !t[seg.start + 1].unit;
    if (typed || oneWord) return { seg: j, layout: 'numberFirst', hn: seg.start };
  }
  return street;
}

/**
 * Whole lines that are a street named by a number: "25 Straße 50" (the street, then its
 * house number), "10 Ave" (Tenth Avenue) and "CA 72" (a state route).
 */
function wholeLineStreet(s: ParseState): boolean {
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

/** "Substation # 1": a word, a number sign and an id. */
function wordNumberSign(t: Classified[], seg: Segment): boolean {
  return (
    seg.end - seg.start === 3 &&
    !t[seg.start].hasDigit &&
    t[seg.start + 1].key === '#' &&
    t[seg.start + 2].hasDigit
  );
}

/** A line written outside North America: a foreign country, or a number after the street. */
function abroad(s: ParseState): boolean {
  const cc = s.detail.countryCode;
  return cc ? cc !== 'US' && cc !== 'CA' : s.detail.layout === 'intl';
}

/** A box filling the segment, with a letter suffix allowed ("Box 164 A"). */
function boxClosing(t: Classified[], seg: Segment): boolean {
  const box = matchSpecial(t, seg.start, seg.end);
  if (box?.special.kind !== 'poBox') return false;
  return box.end === seg.end || (box.end + 1 === seg.end && t[box.end].letter);
}

function routeWithoutBox(d: ParseState['detail']): boolean {
  const sp = d.special;
  return !!sp && (sp.kind === 'ruralRoute' || sp.kind === 'highwayContract') && !sp.box;
}

/** A house number opening a street that ends in a type ("500 Ross St"), within [i, end). */
function numberedStreetAt(t: Classified[], i: number, end: number): boolean {
  if (end - i < 3 || houseNumberAt(t, { start: i, end }, i) !== 'numberFirst') return false;
  return t.slice(i + 2, end).some((x) => x.suffix || x.caType);
}

/** A number, then words only, typed at most by a closing complex word ("1 Piedmont Ctr"). */
function numberedName(t: Classified[], seg: Segment): boolean {
  if (!t[seg.start].num || seg.end - seg.start < 2) return false;
  for (let i = seg.start + 1; i < seg.end; i++) {
    const w = t[i];
    if (w.hasDigit || w.unit || w.connector || w.letter) return false;
    if ((w.suffix || w.caType) && !(i === seg.end - 1 && isComplexType(w.key))) return false;
  }
  return true;
}

/** Where a numbered, typed street starts inside a care-of segment (after its name), or -1. */
function careOfStreetStart(t: Classified[], seg: Segment): number {
  for (let j = seg.start + 2; j < seg.end - 1; j++) {
    // "ATTN Billing PO Box 50": a post office box ends the name too.
    if (POST_OFFICE_WORDS.has(t[j].key) && matchSpecial(t, j, seg.end)) return j;
    const numbered = t[j].houseNumber || (t[j].cardinalWord && !t[j - 1].hasDigit);
    if (!numbered || houseNumberAt(t, { start: j, end: seg.end }, j) !== 'numberFirst') continue;
    for (let k = j + 2; k < seg.end; k++) if (t[k].suffix || t[k].caType) return j;
    // "c/o Bob Lee 1200 E Broadway", "c/o Bob Lee 2812 Old Virginia": names hold no number,
    // so the first one opens the street even without a type.
    // Not an id after a number sign or designator ("attn dept # 528 po box 7").
    const id = t[j - 1].key === '#' || !!t[j - 1].unit;
    if (!id && t.slice(seg.start + 1, j).every((x) => !x.hasDigit)) return j;
  }
  return -1;
}

/** "msc 41083362 po box 415000": a word and an id, then a box, all opening the segment. */
function specialAfterId(t: Classified[], seg: Segment, i: number): ReturnType<typeof matchSpecial> {
  if (i !== seg.start || t[i].hasDigit) return undefined;
  let k = i + 1;
  // "mail code 55083 p.o. box 105046": up to two words before the id.
  if (k + 1 < seg.end && !t[k].hasDigit && t[k].key !== '#' && t[k + 1].hasDigit) k++;
  if (k < seg.end && (t[k].key === '#' || t[k].key === 'NO')) k++;
  if (!(k < seg.end && t[k].hasDigit)) return undefined;
  return matchSpecial(t, k + 1, seg.end, true);
}

/**
 * "Overlook 1", "Riverview 2": a word of four letters or more that designates no unit, then
 * a number of one or two digits. Not a code and its id ("af 1025").
 */
function numberedBuilding(t: Classified[], i: number): boolean {
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
function unknownComplex(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start < 2 || !t.slice(seg.start + 1, seg.end).some((w) => isComplexCloser(w.key)))
    return false;
  return !statesOfCity(spanKey(t, seg.start, seg.end)) && townEndingAt(t, seg.start, seg.end) !== seg.start;
}

/** A number and a letter (a suite's id), then plain words: "203 a. Duncan Square". */
function letteredSuiteOpens(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start < 3 || !t[seg.start].num || !t[seg.start + 1].letter || t[seg.start + 1].dir)
    return false;
  for (let k = seg.start + 2; k < seg.end; k++)
    if (t[k].hasDigit || t[k].unit || t[k].connector) return false;
  return true;
}

/** A post office box starts somewhere in [from, end). */
function boxLater(t: Classified[], from: number, end: number): boolean {
  for (let k = from; k < end; k++)
    if (POST_OFFICE_WORDS.has(t[k].key) && matchSpecial(t, k, end)) return true;
  return false;
}

/** "Dept LA 21702": a designator, a lettered code and a number, and nothing else. */
function codedUnit(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start !== 3) return false;
  const code = t[seg.start + 1];
  return /^[A-Z]{1,3}$/.test(code.key) && !code.dir && !code.suffix && t[seg.start + 2].num;
}

/** "PO Box" at a line's or a comma's end, its number after it: "Box\n# 209", "PO Box, 118". */
function joinBoxAndId(t: Classified[], segs: Segment[]): Segment[] {
  for (let j = 0; j + 1 < segs.length; j++) {
    const a = segs[j];
    const b = segs[j + 1];
    const idNext = t[b.start].num || (t[b.start].key === '#' && t[b.start + 1]?.num);
    if (!idNext || t[a.end - 1].key !== 'BOX' || !matchSpecial(t, a.start, b.end, true)) continue;
    segs.splice(j, 2, { start: a.start, end: b.end });
  }
  return segs;
}

/** "Rt 2", "State Hwy 9": a route word and its number fill the segment. */
function isRoute(t: Classified[], seg: Segment): boolean {
  const last = seg.end - 1;
  if (last - seg.start < 1 || !t[last].hasDigit || !isRouteWord(t, last - 1)) return false;
  return t.slice(seg.start, last - 1).every((w) => w.dir || isRouteQualifier(w.key));
}

/** "Main St", "N Elm Ave": plain words closed by a street type, no number or unit. */
function typedStreet(words: Classified[]): boolean {
  const last = words[words.length - 1];
  if (words.length < 2 || !(last.suffix || last.caType) || words[0].suffix) return false;
  return words.every((w) => !w.hasDigit && !(w.unit && !w.suffix) && !w.connector);
}

/**
 * "USS Nimitz (CVN 68) FPO AP 96620": mail to a ship names the ship, its hull number and
 * the military post office (Pub 28, 2.3); with no unit or box, all before the FPO is the ship.
 */
function shipLine(s: ParseState): boolean {
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
