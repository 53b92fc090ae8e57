/**
 * Units and floors: which tokens open a unit, which segments are only units, and how unit
 * text becomes the unit, level and PO box fields (where a unit starts: unit-start.ts).
 */
import { NUMBERED_TOWER } from '../tables/building-words.js';
import { FLOOR_WORDS } from '../tables/number-words.js';
import type { Classified } from './classify.js';
import type { Segment } from './segments.js';
import { matchSpecial } from './special.js';
import { type ParseState, type Span, spanText } from './state.js';

/** An id of letters joined by a hyphen: "Unit PH-A", "Apt B-C". */
const LETTER_ID = /^[A-Z]{1,2}-[A-Z]{1,2}$/;

/** What may follow a designator that needs an id: "4", "4B", "B", "PH-A". */
export function isUnitId(tok: Classified): boolean {
  return tok.hasDigit || tok.letter || LETTER_ID.test(tok.key);
}

/** A unit designator that really opens a unit here: with an id when it needs one. */
export function unitStartsAt(t: Classified[], p: number, end: number): boolean {
  const u = t[p]?.unit;
  if (!u || p >= end) return false;
  const next = p + 1 < end ? t[p + 1] : undefined;
  if (u.requiresId) return !!next && (isUnitId(next) || next.key === '#');
  return !next || !!next.unit || next.hasDigit;
}

/** "Apt 4", "Suite 100", "Flat 14", "Basement": a segment that is only a unit. */
export function isUnitSegment(t: Classified[], seg: Segment): boolean {
  if (isUnitRun(t, seg)) return true;
  const first = t[seg.start];
  const second = seg.end - seg.start === 2 ? t[seg.start + 1] : undefined;
  // "41st Floor", "3 Fl": a floor written before the street.
  if (second?.unit?.isLevel && (first.ordinal || first.num || FLOOR_WORDS.has(first.key))) return true;
  if (second?.hasDigit && NUMBERED_TOWER.has(first.key)) return true;
  if (first.key === 'MAIL' && seg.end - seg.start === 3 && unitGroupAt(t, seg.start, seg.end) === 3)
    return true;
  if (remittanceFile(t, seg)) return true;
  if (!first.unit) return false;
  const len = seg.end - seg.start;
  if (!first.unit.requiresId) return len === 1;
  return len <= 3 && t.slice(seg.start + 1, seg.end).some((x) => x.hasDigit || x.letter);
}

/** Length of the unit or floor group at i: "4th Floor", "Ste 200", "KBA # 90688"; else 0. */
export function unitGroupAt(t: Classified[], i: number, end: number): number {
  const tok = t[i];
  const next = i + 1 < end ? t[i + 1] : undefined;
  if (!next) return 0;
  if ((tok.ordinal || tok.num) && next.unit?.isLevel) return 2;
  // "Mail Stop 12-3": Pub 28's STOP written after MAIL.
  if (tok.key === 'MAIL' && next.key === 'STOP' && i + 2 < end && t[i + 2].hasDigit) return 3;
  if (tok.unit?.requiresId && (next.hasDigit || next.letter)) return 2;
  if (!tok.hasDigit && next.key === '#' && i + 2 < end && t[i + 2].hasDigit) return 3;
  return 0;
}

/**
 * A name written before the street, with unit groups at either end taken out:
 * "14th Floor L & C Tower" -> unit "14th Floor", house "L & C Tower";
 * "Heather R. Peters KBA # 90688" -> house "Heather R. Peters", unit "KBA # 90688".
 * Pushes the name to `houseParts` and returns the unit spans. `floorsOnly`: take out
 * floors only ("attn dept # 528" is one name).
 */
export function splitNameAndUnits(
  t: Classified[],
  span: Span,
  houseParts: string[],
  floorsOnly = false,
): Span[] {
  const units: Span[] = [];
  let { start, end } = span;
  const groupAt = (i: number) => {
    const n = unitGroupAt(t, i, end);
    return floorsOnly && !t[i + 1]?.unit?.isLevel ? 0 : n;
  };
  const lead = groupAt(start);
  if (lead && start + lead < end) {
    units.push({ start, end: start + lead });
    start += lead;
  }
  for (const n of [3, 2]) {
    if (end - n > start && groupAt(end - n) === n) {
      units.push({ start: end - n, end });
      end -= n;
      break;
    }
  }
  // "Portola N 507" before the street's number: a bare id (a directional or letter may open
  // it) closing a name is the unit in that building.
  if (!floorsOnly && !units.length && end - start >= 2 && t[end - 1].num) {
    const id = end - 2 > start && (t[end - 2].dir || t[end - 2].letter) ? end - 2 : end - 1;
    units.push({ start: id, end });
    end = id;
  }
  houseParts.push(spanText(t, { start, end }));
  return units;
}

/**
 * Where a typed street ends when only unit and floor groups stand between it and `to`
 * ("Ridge Rd Apt 5", "Elm St Bldg 3 Ste 4", "Quarry Rd 2nd Floor"): the index of the
 * street's type, or -1.
 */
export function typedBeforeUnits(t: Classified[], lo: number, to: number): number {
  for (let q = to - 1; q >= Math.max(lo, to - 7); q--) {
    if (!(t[q].suffix || t[q].caType)) continue;
    let i = q + 1;
    while (i < to) {
      // A designator that takes no id ("Rear") counts as a group of its own.
      const n = unitGroupAt(t, i, to) || (t[i].unit && !t[i].unit?.requiresId ? 1 : 0);
      if (!n) break;
      i += n;
    }
    if (i === to) return q;
  }
  return -1;
}

/** "File 12345", "File No. 12345": a remittance file number, filling the segment. */
export function remittanceFile(t: Classified[], seg: Segment): boolean {
  const len = seg.end - seg.start;
  if (t[seg.start].key !== 'FILE' || len < 2 || len > 3 || !t[seg.end - 1].num) return false;
  return len === 2 || t[seg.start + 1].key === 'NO' || t[seg.start + 1].key === '#';
}

/** "Dept 528 4th Floor", "Ste 200 Bldg 17": a run made only of unit and floor groups. */
function isUnitRun(t: Classified[], seg: Segment): boolean {
  let i = seg.start;
  let groups = 0;
  while (i < seg.end) {
    const tok = t[i];
    const next = i + 1 < seg.end ? t[i + 1] : undefined;
    if ((tok.ordinal || tok.num) && next?.unit?.isLevel) i += 2;
    else if (takesId(tok) && next && (next.hasDigit || (next.letter && !!tok.unit))) i += 2;
    else if (tok.unit?.requiresId && next?.key === '#' && i + 2 < seg.end && t[i + 2].hasDigit) i += 3;
    else return false;
    groups++;
  }
  return groups >= 2;
}

/** A designator that takes an id ("Ste", "Bldg"), or a tower numbered like one. */
function takesId(tok: Classified): boolean {
  return !!tok.unit?.requiresId || NUMBERED_TOWER.has(tok.key);
}

/** The unit text gathered by the street stage -> the unit, level and PO box fields. */
export function assignUnits(s: ParseState, spans: Span[]): void {
  const t = s.tokens;
  const d = s.detail;
  const units: string[] = [];
  const levels: string[] = [];
  for (const span of spans) {
    if (span.end <= span.start) continue;
    let special = matchSpecial(t, span.start, span.end, t[span.start].key === 'BOX');
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
      const id = unitId(t, span.start + 1, span.end);
      if (id) d.unit.id = id;
    } else if (!isLevel && !d.unit.id && !first.unit) {
      d.unit.id = unitId(t, span.start, span.end);
    }
  }
  if (units.length) d.fields.unit = units.join(' ');
  if (levels.length) d.fields.level = levels.join(' ');
}

/**
 * The id of a unit from `start` (after its designator and any "#"): one token, plus a
 * single letter written apart after a number ("409 A" is 409A, as sources store it). A
 * second designator ("Bldg 3 Rm 12") ends the id.
 */
function unitId(t: Classified[], start: number, end: number): string | undefined {
  let p = start;
  while (p < end && t[p].key === '#') p++;
  if (p >= end) return undefined;
  const id = t[p];
  const next = p + 1 < end ? t[p + 1] : undefined;
  if (next?.letter && !next.unit && /^\d+$/.test(id.key)) return id.key + next.key;
  return id.key;
}
