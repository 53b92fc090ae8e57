/**
 * Stage 8: the part of the line before the city. Finds the house number and decides
 * the layout (number first as in the US, UK, France; number after the street as in
 * Germany, Spain, Latin America), then assigns street, unit, level, PO box and names.
 */
import type { Classified } from './classify.js';
import { matchSpecial } from './special.js';
import { splitStreet } from './split-street.js';
import { type ParseState, type Span, spanText } from './state.js';

interface Segment {
  start: number;
  end: number;
}

const CARE_OF = new Set(['C/O', 'CO', 'ATTN', 'ATTENTION', 'ATN', 'CARE', 'C/0']);
const URBANIZATION = new Set(['URB', 'URBANIZACION', 'URBANIZACIÓN']);

function segmentsOf(t: Classified[], hi: number): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < hi; i++) {
    if (i === 0 || t[i].seg !== t[i - 1].seg) out.push({ start: i, end: i + 1 });
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
  const prev = i > seg.start ? t[i - 1] : undefined;
  if (prev && (prev.unit || prev.key === 'BOX')) return undefined;
  const next = i + 1 < seg.end ? t[i + 1] : undefined;
  if (i === seg.start)
    return next && !(next.unit && next.key !== '#' && !next.suffix) ? 'numberFirst' : undefined;
  if (prefixIsStreet(t, seg.start, i)) return 'numberAfter';
  if (!next || (next.letter && !next.dir && i + 2 === seg.end))
    return tok.num || /^\d+[A-Z]$/.test(tok.key) ? 'numberAfter' : undefined;
  if (next.unit && next.key !== '#') return 'numberAfter';
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
      const special = matchSpecial(t, i, seg.end);
      if (special) {
        d.special = special.special;
        d.fields.poBox = spanText(t, special);
        if (special.end < seg.end) unitParts.push({ start: special.end, end: seg.end });
        if (i > seg.start) houseParts.push(spanText(t, { start: seg.start, end: i }));
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
    // No number anywhere: the street is the first segment that reads like one.
    let k = segIndex;
    for (let j = segIndex; j < segs.length; j++) {
      if (segs[j].start < segs[j].end && looksLikeStreet(t, segs[j])) {
        k = j;
        break;
      }
    }
    street = { seg: k };
  }

  for (let k = segIndex; k < street.seg; k++) {
    const seg = segs[k];
    if (t[seg.start].unit && !t[seg.start].suffix) unitParts.push(seg);
    else houseParts.push(spanText(t, seg));
  }
  const seg = segs[street.seg];
  if (seg && !d.special) {
    if (street.hn === undefined) assignStreetWithoutNumber(s, seg, houseParts, unitParts);
    else if (street.layout === 'numberFirst')
      unitParts = unitParts.concat(assignNumberFirst(s, seg, street.hn, houseParts));
    else unitParts = unitParts.concat(assignNumberAfter(s, seg, street.hn, houseParts));
  }
  for (let k = street.seg + 1; k < segs.length; k++) {
    const later = segs[k];
    if (d.fields.road || d.special) unitParts.push(later);
    else houseParts.push(spanText(t, later));
  }
  if (houseParts.length) d.fields.house = houseParts.join(', ');
  assignUnits(s, unitParts);
}

function looksLikeStreet(t: Classified[], seg: Segment): boolean {
  for (let i = seg.start; i < seg.end; i++) {
    const tok = t[i];
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
  if (!looksLikeStreet(t, seg)) {
    houseParts.push(spanText(t, seg));
    return;
  }
  const unitStart = findUnitStart(t, seg.start + 1, seg.end);
  setRoad(s, seg.start, unitStart);
  if (unitStart < seg.end) units.push({ start: unitStart, end: seg.end });
}

function assignNumberFirst(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const d = s.detail;
  if (hn > seg.start) houseParts.push(spanText(t, { start: seg.start, end: hn }));
  let numEnd = hn + 1;
  if (numEnd < seg.end && t[numEnd].fraction) numEnd++;
  const next = t[numEnd];
  const after = t[numEnd + 1];
  if (
    next &&
    next.seg === t[hn].seg &&
    next.letter &&
    !next.dir &&
    after &&
    after.seg === next.seg &&
    !after.suffix
  ) {
    numEnd++;
  }
  d.fields.houseNumber = spanText(t, { start: hn, end: numEnd });
  const unitStart = findUnitStart(t, numEnd + 1, seg.end);
  setRoad(s, numEnd, unitStart);
  return unitStart < seg.end ? [{ start: unitStart, end: seg.end }] : [];
}

function assignNumberAfter(s: ParseState, seg: Segment, hn: number, houseParts: string[]): Span[] {
  const t = s.tokens;
  const d = s.detail;
  d.layout = 'intl';
  let roadStart = seg.start;
  // "Eschenbraeu Braeurei Triftstrasse 67": a name before a compound street word is the house.
  for (let k = hn - 1; k > seg.start; k--) {
    if (t[k].intlPrefix && !t[k].dir) {
      roadStart = k;
      break;
    }
    if (t[k].intlSuffix && !t[k].suffix && t[k].key.length > 6 && k === hn - 1) {
      roadStart = k;
      break;
    }
  }
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

/** First unit designator (or "5th Floor") after at least one street token. */
function findUnitStart(t: Classified[], from: number, end: number): number {
  for (let p = from; p < end; p++) {
    const tok = t[p];
    if (!tok.unit || (tok.suffix && p + 1 < end && !t[p + 1].hasDigit)) continue;
    if (tok.key === 'NO' && !(p + 1 < end && t[p + 1].hasDigit)) continue;
    if (tok.unit.isLevel && p - 1 >= from && t[p - 1].ordinal) return p - 1;
    return p;
  }
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
    const text = spanText(t, span);
    const first = t[span.start];
    const isLevel = first.unit?.isLevel || (first.ordinal && t[span.start + 1]?.unit?.isLevel);
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
