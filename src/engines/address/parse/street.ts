/**
 * Stage 8: the part of the line before the city. Finds the house number and decides
 * the layout (number first as in the US, UK, France; number after the street as in
 * Germany, Spain, Latin America), then assigns street, unit, level, PO box and names.
 */

import { isBareIntlSuffix } from '../tables/intl-street-words.js';
import { FLOOR_WORDS } from '../tables/number-words.js';
import type { Classified } from './classify.js';
import { asciiFold } from './classify.js';
import { matchSpecial } from './special.js';
import { isRouteQualifier, isRouteWord, splitStreet } from './split-street.js';
import { type ParseState, type Span, spanText } from './state.js';

interface Segment {
  start: number;
  end: number;
}

const CARE_OF = new Set(['C/O', 'CO', 'ATTN', 'ATTENTION', 'ATN', 'CARE', 'C/0']);
const NUMBER_SUFFIXES = new Set(['BIS', 'TER', 'QUATER']);
const GRID = /^[NSEW]\d+$/;
const CARE_OF_MID = new Set(['C/O', 'ATTN', 'ATTENTION', 'ATN']);
const URBANIZATION = new Set(['URB', 'URBANIZACION', 'URBANIZACIÓN']);

/** Comma segments, plus a cut before a mid-line "attn"/"c/o": what follows is a name. */
function segmentsOf(t: Classified[], hi: number): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < hi; i++) {
    const careOf = i > 0 && CARE_OF_MID.has(t[i].key);
    if (i === 0 || t[i].seg !== t[i - 1].seg || careOf) out.push({ start: i, end: i + 1 });
    else out[out.length - 1].end = i + 1;
  }
  return out;
}

type Layout = 'numberFirst' | 'numberAfter';

/** Words before position i in the segment read like a street name (intl type words). */
function prefixIsStreet(t: Classified[], a: number, i: number): boolean {
  if (t[a].intlPrefix && !t[a].dir) return true;
  for (let k = a; k < i; k++) if (t[k].intlSuffix) return true;
  return false;
}

function houseNumberAt(t: Classified[], seg: Segment, i: number): Layout | undefined {
  const tok = t[i];
  if (!(tok.houseNumber || (tok.cardinalWord && i === seg.start)) || tok.fraction) return undefined;
  // "One Midtown Plaza 1360 Peachtree St": a spelled-out number yields to a real one.
  if (tok.cardinalWord && t.slice(i + 1, seg.end).some((x, k) => x.houseNumber && !t[i + k].unit))
    return undefined;
  const prev = i > seg.start ? t[i - 1] : undefined;
  // "Apt 12" is a unit id, but in "41st Floor 1221 Ave of the Americas" the floor is complete.
  const levelDone = prev?.unit?.isLevel && i - 2 >= seg.start && (t[i - 2].ordinal || t[i - 2].num);
  if (prev && ((prev.unit && !levelDone) || prev.key === 'BOX' || afterRouteWord(t, seg.start, i)))
    return undefined;
  const next = i + 1 < seg.end ? t[i + 1] : undefined;
  // "Jct 4 & 13", "Rts 1 & 24": numbers joined by a connector are route numbers.
  if (next?.connector || prev?.connector) return undefined;
  // "1 St & 2 Ave": a number and one word before a connector name the first street.
  if (t[i + 2]?.connector && t[i + 2].seg === tok.seg && !next?.letter && (next?.suffix || next?.caType))
    return undefined;
  if (i === seg.start) return next && !unitStartsAt(t, i + 1, seg.end) ? 'numberFirst' : undefined;
  // "Calle 60 491": in a numbered street the last number is the house number.
  if (next?.houseNumber && i + 2 === seg.end) return undefined;
  if (prefixIsStreet(t, seg.start, i)) return 'numberAfter';
  if (!next || (next.letter && !next.dir && i + 2 === seg.end))
    return tok.num || /^\d+[A-Z]$|^\d+\/\d+[A-Z]?$/.test(tok.key) ? 'numberAfter' : undefined;
  if (unitStartsAt(t, i + 1, seg.end) && next.key !== '#') return 'numberAfter';
  return 'numberFirst';
}

export function solveStreet(s: ParseState): void {
  const t = s.tokens;
  const hi = s.end;
  if (hi === 0) return;
  const d = s.detail;
  const segs = segmentsOf(t, hi);
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
    if (!CARE_OF.has(t[0].key)) {
      setRoad(s, segs[0].start, segs[0].end);
      s.city = segs[1];
      return;
    }
  }

  // Care-of and firm lines come first when present.
  if (CARE_OF.has(t[0].key) && segs[0].end > 1) {
    d.careOf = spanText(t, segs[0]);
    houseParts.push(d.careOf);
    segIndex = 1;
  }

  let street: { seg: number; layout?: Layout; hn?: number } | undefined;
  for (let k = segIndex; k < segs.length && !street; k++) {
    const seg = segs[k];
    for (let i = seg.start; i < seg.end; i++) {
      // "drawer 368 po box 11407": the post office box wins; the id before it is a unit.
      const special = specialAfterId(t, seg, i) ?? matchSpecial(t, i, seg.end);
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
        else if (rest.length) unitParts.push({ start: special.end, end: seg.end });
        if (i > seg.start) {
          const before = { start: seg.start, end: i };
          if (t[i - 1].hasDigit && i - seg.start <= 3) unitParts.push(before);
          else houseParts.push(spanText(t, before));
        }
        street = { seg: k };
        break;
      }
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
      if (looksLikeStreet(t, segs[j]) || loneNumberAfter(t, segs, j)) {
        k = j;
        break;
      }
    }
    street = {
      seg: k,
      ...(loneNumberAfter(t, segs, k) ? { layout: 'numberAfter' as Layout, hn: segs[k + 1].start } : {}),
    };
  }

  for (let k = segIndex; k < street.seg; k++) {
    const seg = segs[k];
    if (isUnitSegment(t, seg)) unitParts.push(seg);
    else if (!takeUrbanization(s, seg)) houseParts.push(spanText(t, seg));
  }
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
    if (street.hn === undefined) assignStreetWithoutNumber(s, seg, houseParts, unitParts);
    else if (street.layout === 'numberFirst')
      unitParts = unitParts.concat(assignNumberFirst(s, seg, street.hn, houseParts));
    else unitParts = unitParts.concat(assignNumberAfter(s, seg, street.hn, houseParts));
  }
  for (let k = nextSeg; k < segs.length; k++) {
    const later = segs[k];
    const words = t.slice(later.start, later.end);
    if (d.fields.road && words[0].dir && !d.street.postDirection) {
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
        if (t.slice(rest.start, rest.end).some((w) => w.hasDigit || w.unit)) unitParts.push(rest);
        else houseParts.push(spanText(t, rest));
      }
    } else if (CARE_OF.has(words[0].key)) {
      houseParts.push(spanText(t, later));
    } else if (
      !s.city &&
      k === segs.length - 1 &&
      words.every((w) => !w.hasDigit && !w.unit) &&
      d.fields.road
    ) {
      // "1085 Santa Paula Avenue, Los Osos": a last words-only segment is the city.
      s.city = later;
    } else if (CARE_OF.has(words[0].key) || (d.fields.road && words.every((w) => !w.hasDigit && !w.unit))) {
      // "..., Attn: Billing", "..., Mizzou North, Rm 501": names after the street.
      houseParts.push(spanText(t, later));
    } else if (matchSpecial(t, later.start, later.end)) {
      unitParts.push(later);
    } else if (d.fields.road || d.special) {
      // "Tower Place Ste 1685": a name, then the unit.
      let u = later.start;
      const wordAndId = later.end - later.start === 2 && t[later.start + 1].hasDigit;
      while (!wordAndId && u < later.end && !unitStartsAt(t, u, later.end) && !t[u].hasDigit) u++;
      if (u > later.start && u < later.end) houseParts.push(spanText(t, { start: later.start, end: u }));
      unitParts.push({ start: u < later.end ? u : later.start, end: later.end });
    } else houseParts.push(spanText(t, later));
  }
  if (houseParts.length) d.fields.house = houseParts.join(', ');
  assignUnits(s, unitParts);
}

/** "msc 41083362 po box 415000": a word and an id, then a box, all opening the segment. */
function specialAfterId(t: Classified[], seg: Segment, i: number): ReturnType<typeof matchSpecial> {
  if (i !== seg.start || t[i].hasDigit) return undefined;
  let k = i + 1;
  // "mail code 55083 p.o. box 105046": up to two words before the id.
  if (k + 1 < seg.end && !t[k].hasDigit && t[k].key !== '#' && t[k + 1].hasDigit) k++;
  if (k < seg.end && (t[k].key === '#' || t[k].key === 'NO')) k++;
  if (!(k < seg.end && t[k].hasDigit)) return undefined;
  return matchSpecial(t, k + 1, seg.end);
}

function plainWords(t: Classified[], seg: Segment): boolean {
  for (let i = seg.start; i < seg.end; i++) if (t[i].hasDigit || t[i].unit || t[i].connector) return false;
  return true;
}

/** Segment j is words only and segment j+1 is one house number ("Lorenzo de Zovela, 1126"). */
function loneNumberAfter(t: Classified[], segs: Segment[], j: number): boolean {
  const a = segs[j];
  const b = segs[j + 1];
  if (!a || !b || b.end - b.start !== 1 || !t[b.start].houseNumber) return false;
  for (let i = a.start; i < a.end; i++) if (t[i].hasDigit || (t[i].unit && !t[i].suffix)) return false;
  return true;
}

/** A unit designator that really opens a unit here: with an id when it needs one. */
function unitStartsAt(t: Classified[], p: number, end: number): boolean {
  const u = t[p]?.unit;
  if (!u || p >= end) return false;
  const next = p + 1 < end ? t[p + 1] : undefined;
  if (u.requiresId) return !!next && (next.hasDigit || next.letter || next.key === '#');
  return !next || !!next.unit || next.hasDigit;
}

/** Puerto Rico: "URB Las Gladiolas 150 Calle A" - the urbanization precedes the street. */
function takeUrbanization(s: ParseState, span: Span): boolean {
  const t = s.tokens;
  if (!URBANIZATION.has(t[span.start].key) || span.end - span.start < 2) return false;
  s.detail.urbanization = spanText(t, { start: span.start + 1, end: span.end });
  s.detail.fields.suburb = spanText(t, span);
  return true;
}

/** "Apt 4", "Suite 100", "Flat 14", "Basement": a segment that is only a unit. */
function isUnitSegment(t: Classified[], seg: Segment): boolean {
  if (isUnitRun(t, seg)) return true;
  const first = t[seg.start];
  const second = seg.end - seg.start === 2 ? t[seg.start + 1] : undefined;
  // "41st Floor", "3 Fl": a floor written before the street.
  if (second?.unit?.isLevel && (first.ordinal || first.num || FLOOR_WORDS.has(first.key))) return true;
  if (!first.unit) return false;
  const len = seg.end - seg.start;
  if (!first.unit.requiresId) return len === 1;
  return len <= 3 && t.slice(seg.start + 1, seg.end).some((x) => x.hasDigit || x.letter);
}

/** "Dept 528 4th Floor", "Ste 200 Bldg 17": a run made only of unit and floor groups. */
function isUnitRun(t: Classified[], seg: Segment): boolean {
  let i = seg.start;
  let groups = 0;
  while (i < seg.end) {
    const tok = t[i];
    const next = i + 1 < seg.end ? t[i + 1] : undefined;
    if ((tok.ordinal || tok.num) && next?.unit?.isLevel) i += 2;
    else if (tok.unit?.requiresId && next && (next.hasDigit || next.letter)) i += 2;
    else if (tok.unit?.requiresId && next?.key === '#' && i + 2 < seg.end && t[i + 2].hasDigit) i += 3;
    else return false;
    groups++;
  }
  return groups >= 2;
}

function looksLikeStreet(t: Classified[], seg: Segment): boolean {
  for (let i = seg.start; i < seg.end; i++) {
    const tok = t[i];
    if (isRouteWord(t, i) && t[i + 1]?.hasDigit) return true;
    if (tok.intlPrefix || tok.intlSuffix || tok.connector) return true;
    if ((tok.suffix || tok.caType) && i > seg.start) return true;
  }
  return false;
}

function assignStreetWithoutNumber(s: ParseState, seg: Segment, houseParts: string[], units: Span[]): void {
  const t = s.tokens;
  if (t[seg.start].unit && !t[seg.start].suffix && seg.end - seg.start <= 3) {
    units.push(seg);
    return;
  }
  // "Unit 26 Roper Close": a unit, then a street with no number.
  if (unitStartsAt(t, seg.start, seg.end) && seg.end - seg.start > 3 && t[seg.start + 1].hasDigit) {
    units.push({ start: seg.start, end: seg.start + 2 });
    seg = { start: seg.start + 2, end: seg.end };
  }
  // "Achter Clarenburg, Utrecht": one plain part before a town found in its own segment.
  const townAfter = s.city && t[s.city.start].seg !== t[seg.end - 1].seg && !s.state && !s.postcode;
  if (townAfter && seg.start === 0 && seg.end === s.end && plainWords(t, seg)) {
    setRoad(s, seg.start, seg.end);
    return;
  }
  if (!looksLikeStreet(t, seg)) {
    // "Terminal Tower Ste 1100": a building name, then its unit.
    let u = seg.start + 1;
    while (u < seg.end && !unitStartsAt(t, u, seg.end)) u++;
    houseParts.push(spanText(t, { start: seg.start, end: u }));
    if (u < seg.end) units.push({ start: u, end: seg.end });
    return;
  }
  const unitStart = findUnitStart(t, seg.start + 1, seg.end);
  setRoad(s, seg.start, unitStart);
  if (unitStart < seg.end) units.push({ start: unitStart, end: seg.end });
}

function assignNumberFirst(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const d = s.detail;
  const extraUnits: Span[] = [];
  const before: Segment = { start: seg.start, end: hn };
  if (hn > seg.start) {
    // "Apt 4 10A Dr Martin Luther King Blvd": a unit written before the number.
    if (isUnitSegment(t, before)) extraUnits.push(before);
    else if (!takeUrbanization(s, before)) houseParts.push(spanText(t, before));
  }
  let numEnd = hn + 1;
  if (numEnd < seg.end && t[numEnd].fraction) numEnd++;
  const next = t[numEnd];
  const after = t[numEnd + 1];
  // "1536 C. Hunt Drive": a letter then a real word; not "2964 L B J Fwy" or "4715 F 41".
  const wordAfter =
    after && after.seg === next?.seg && !after.suffix && !after.letter && !after.hasDigit && !after.connector;
  if (next && next.seg === t[hn].seg && next.letter && !next.dir && wordAfter) {
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
  const nameStart = buildingNameAfterStreet(t, numEnd, unitStart);
  setRoad(s, numEnd, nameStart);
  if (nameStart < unitStart) houseParts.push(spanText(t, { start: nameStart, end: unitStart }));
  if (unitStart < seg.end) extraUnits.push({ start: unitStart, end: seg.end });
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
function intlRoadStart(t: Classified[], start: number, end: number): number {
  if (t[start].intlPrefix) return start;
  for (let k = end - 1; k > start; k--) {
    if (t[k].intlPrefix && !t[k].dir) return k;
    // Only with two or more words before it: "Gamle Drammensvei" is one street.
    const compound = t[k].intlSuffix && !t[k].suffix && !isBareIntlSuffix(asciiFold(t[k].key));
    if (compound && k === end - 1 && k - start >= 2) return k;
  }
  return start;
}

function assignNumberAfter(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
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
 * "15955 Frederick Rd The Reed", "1100 Brickell Bay Dr Panorama Tower": words after a
 * complete street that name a building. Returns where the name starts (or `end`).
 */
function buildingNameAfterStreet(t: Classified[], start: number, end: number): number {
  for (let p = start + 1; p < end - 1; p++) {
    if (!(t[p].suffix || t[p].caType) || t[p + 1].suffix || t[p + 1].caType) continue;
    let e = p + 1;
    if (t[e].dir && e + 1 < end) e++;
    const rest = t.slice(e, end);
    if (rest.some((x) => x.hasDigit || x.unit || x.connector)) return end;
    const last = rest[rest.length - 1];
    if (t[e].key === 'THE' || (rest.length >= 2 && BUILDING_WORDS.has(last.key))) return e;
    return end;
  }
  return end;
}

/** "Highway 80", "Route # A", "State Highway No 33": the number names the road. */
function afterRouteWord(t: Classified[], segStart: number, i: number): boolean {
  const prev = t[i - 1];
  if (!prev || i - 1 < segStart) return false;
  if (isRouteWord(t, i - 1)) return true;
  const isNumberSign = prev.key === '#' || prev.key === 'NO' || prev.key === 'NUMBER';
  if (!isNumberSign || i - 2 < segStart || !isRouteWord(t, i - 2)) return false;
  // "Route # A", "State Highway No 33" - but in "W Dixie Hwy # 312" the number is a unit.
  for (let k = segStart; k < i - 2; k++) if (!t[k].dir && !isRouteQualifier(t[k].key)) return false;
  return true;
}

/**
 * First unit designator (or "5th Floor", "Ground Floor") after at least one street token;
 * failing that, a trailing id with digits ("801 S Canal St C1S", "203 N Wabash 608").
 */
function findUnitStart(t: Classified[], from: number, end: number): number {
  for (let p = from; p < end; p++) {
    const tok = t[p];
    if (p > from && matchSpecial(t, p, end)) return p;
    if (!tok.unit || (tok.suffix && p + 1 < end && !t[p + 1].hasDigit)) continue;
    // "Main & Side": after a connector the word is the second street.
    if (t[p - 1]?.connector) continue;
    // "West Side Pl": REAR, SIDE, LOWER... need no id, so they count only at the end or before a unit word.
    const nextTok = p + 1 < end ? t[p + 1] : undefined;
    if (!tok.unit.requiresId && nextTok && !nextTok.unit && !nextTok.hasDigit && !nextTok.letter) continue;
    // "4004 Ocean Front Apt 410": FRONT is a street type here, the unit starts after it.
    if (!tok.unit.requiresId && (tok.suffix || tok.caType) && nextTok?.unit) continue;
    // "Poplar Level Road": a designator that needs an id is only one when an id follows.
    if (
      tok.unit.requiresId &&
      nextTok &&
      !nextTok.hasDigit &&
      !nextTok.letter &&
      nextTok.key !== '#' &&
      !nextTok.unit
    )
      continue;
    if (tok.key === 'NO' && !(p + 1 < end && t[p + 1].hasDigit)) continue;
    if ((tok.key === '#' || tok.key === 'NO') && afterRouteWord(t, from - 1, p + 1)) continue;
    const before = p - 1 >= from ? t[p - 1] : undefined;
    if (tok.unit.isLevel && before && (before.ordinal || before.num || FLOOR_WORDS.has(before.key)))
      return p - 1;
    return p;
  }
  const last = end - 1;
  if (last < from || t[last - 1].connector) return end;
  // "12 Calle 5", "Avenue J": a type word alone before the id is the street's name.
  const lone = t[from - 1];
  if (last === from && (lone.suffix || lone.caType || lone.intlPrefix)) return end;
  // "1260 Arrow Highway Blg E": an unknown designator and a letter after a typed street.
  const w = t[last - 1];
  const typed = last - 2 >= from - 1 && (t[last - 2].suffix || t[last - 2].caType);
  const plainWord = !w.hasDigit && !w.dir && !w.suffix && !w.caType && w.key !== '#' && w.key.length <= 4;
  if (t[last].letter && !t[last].dir && typed && plainWord && !afterRouteWord(t, from - 1, last)) {
    return last - 1;
  }
  if (t[last].hasDigit && !t[last].ordinal && !afterRouteWord(t, from - 1, last)) {
    // "Riverfront Drive Mailbox 2825", "Bonhomme Ave St 1400": a word and an id after a complete street.
    const word = t[last - 1];
    const before = last - 2 >= from ? t[last - 2] : undefined;
    if (
      !word.hasDigit &&
      !word.dir &&
      !word.suffix &&
      !word.caType &&
      before &&
      (before.suffix || before.caType || before.dir)
    )
      return last - 1;
    return last;
  }
  // "1160 Park Ave W 4 N": an id and a directional after the street.
  if (t[last].dir && last - 1 > from && t[last - 1].num && !afterRouteWord(t, from - 1, last - 1))
    return last - 1;
  // "1 S 280 Summit Court B": a lone letter after the street type is a unit.
  const prior = t[last - 1];
  // "9912 S Avenue H" keeps its letter: the street needs a name besides the type.
  const named = t.slice(from - 1, last - 1).some((x) => !x.dir);
  const routeLetter = afterRouteWord(t, from - 1, last);
  // "1 S 280 Summit Court B", "4315 Webster Avenue LH": a short code after the street type.
  const code = t[last].letter || (/^[A-Z]{2}$/.test(t[last].key) && !t[last].suffix && !t[last].caType);
  if (named && !routeLetter && code && !t[last].dir && (prior.suffix || prior.caType || prior.dir))
    return last;
  return end;
}

function setRoad(s: ParseState, start: number, end: number): void {
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

function assignUnits(s: ParseState, spans: Span[]): void {
  const t = s.tokens;
  const d = s.detail;
  const units: string[] = [];
  const levels: string[] = [];
  for (const span of spans) {
    if (span.end <= span.start) continue;
    let special = matchSpecial(t, span.start, span.end);
    for (let k = span.start + 1; !special && !d.special && k < span.end; k++)
      special = matchSpecial(t, k, span.end);
    if (special && !d.special) {
      // "3523 Williams St, POB 477", "2nd Floor POB 130": a box among the units is the PO box.
      d.special = special.special;
      d.fields.poBox = spanText(t, special);
      if (special.start > span.start) {
        const before = { start: span.start, end: special.start };
        const floor = t[span.start].unit?.isLevel || t[span.start + 1]?.unit?.isLevel;
        (floor ? levels : units).push(spanText(t, before));
      }
      if (special.end < span.end) units.push(spanText(t, { start: special.end, end: span.end }));
      continue;
    }
    const text = spanText(t, span);
    const first = t[span.start];
    const second = t[span.start + 1];
    const floorWord = first.ordinal || first.num || FLOOR_WORDS.has(first.key);
    const isLevel = first.unit?.isLevel || (floorWord && second?.unit?.isLevel && second.seg === first.seg);
    (isLevel ? levels : units).push(text);
    if (!isLevel && !d.unit.designator && first.unit) {
      d.unit.designator = first.key;
      const id = t.slice(span.start + 1, span.end).find((x) => x.key !== '#');
      if (id) d.unit.id = id.key;
    } else if (!isLevel && !d.unit.id && !first.unit) {
      d.unit.id = first.key;
    }
  }
  if (units.length) d.fields.unit = units.join(' ');
  if (levels.length) d.fields.level = levels.join(' ');
}
