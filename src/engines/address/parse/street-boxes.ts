/**
 * Street sub-stage: the first segment holding a post office box or a house number. A box
 * and a number compete: whichever comes first in the line wins. A box takes what stands
 * around it in its segment (the road it is on, a unit, an account's name).
 */
import { ACCOUNT_WORDS, POST_OFFICE_WORDS } from '../tables/delivery-words.js';
import type { Classified } from './classify.js';
import { houseNumberAt } from './house-number.js';
import { assignNumberFirst } from './layout-number-first.js';
import { setRoad } from './road.js';
import type { Segment } from './segments.js';
import { matchSpecial, type SpecialMatch } from './special.js';
import { isRouteQualifier, isRouteWord } from './split-street.js';
import { spanText } from './state.js';
import type { StreetWork } from './street-work.js';
import { isUnitSegment, remittanceFile } from './units.js';

export function boxOrHouseNumber(w: StreetWork): boolean {
  const { t, segs } = w;
  for (let k = w.first; k < segs.length; k++) {
    const seg = segs[k];
    if (unitBeforeStreet(t, segs, k)) continue;
    const account = ACCOUNT_WORDS.has(t[seg.start].key);
    for (let i = seg.start; i < seg.end; i++) {
      const box = boxAt(t, seg, i);
      if (box) {
        takeBox(w, k, i, box);
        return true;
      }
      // "acct # 4471 330-1187 002 p.o. box 9001": an account's numbers are no house number.
      if (account && i + 1 < seg.end && boxLater(t, i + 1, seg.end)) continue;
      const layout = houseNumberAt(t, seg, i);
      if (layout) {
        w.street = { seg: k, layout, hn: i };
        return true;
      }
    }
  }
  return false;
}

/** For --explain: the box or the number found. */
export function boxOrHouseNumberNote(w: StreetWork): string {
  const hn = w.street?.hn;
  if (hn === undefined) return `box "${w.s.detail.fields.poBox}"`;
  return `house number "${w.t[hn].raw}", ${w.street?.layout}`;
}

/**
 * "Dept 96 0430, 3545 NW 58th": a unit segment before the street holds no house number.
 * "Dept LA 21702, Pasadena": a remittance department with a lettered code is a unit too.
 * "File 12345, Los Angeles": so is a remittance file number.
 */
function unitBeforeStreet(t: Classified[], segs: Segment[], k: number): boolean {
  const seg = segs[k];
  const idFirst = t[seg.start].unit?.requiresId || remittanceFile(t, seg);
  const unitOnly = k + 1 < segs.length || codedUnit(t, seg) || remittanceFile(t, seg);
  return unitOnly && !!idFirst && isUnitSegment(t, seg);
}

/**
 * The box starting at i in the segment, or after an id opening it. "drawer 368 po box
 * 11407": the post office box wins, the id before it is a unit; "rr # 1 po box 406": a route
 * and its box are one delivery address; "p.o. box 850001 box # 0123": a post office box
 * written out comes first.
 */
function boxAt(t: Classified[], seg: Segment, i: number): SpecialMatch | undefined {
  const own = matchSpecial(t, i, seg.end);
  const routeBox =
    own &&
    own.special.kind !== 'poBox' &&
    (('box' in own.special && own.special.box) || t[own.end - 1].key === 'BOX');
  const ownFirst = routeBox || (own && POST_OFFICE_WORDS.has(t[i].key));
  return (ownFirst ? own : specialAfterId(t, seg, i)) ?? own;
}

/** "dept. 0669 p o box 120001", "file 74115 po box 60000": an id before the box is a unit. */
function takeBox(w: StreetWork, k: number, i: number, box: SpecialMatch): void {
  const { s, t } = w;
  const seg = w.segs[k];
  const at = Math.max(box.start, i);
  s.detail.special = box.special;
  s.detail.fields.poBox = spanText(t, box);
  afterBox(w, seg, box.end);
  if (at > seg.start) beforeBox(w, seg, at);
  w.street = { seg: k };
}

/** What follows the box in its segment: the town, the road it is on, a street, a unit. */
function afterBox(w: StreetWork, seg: Segment, from: number): void {
  const { s, t } = w;
  const rest = t.slice(from, seg.end);
  if (rest.length && !s.city && rest.every((x) => !x.hasDigit && !x.unit))
    s.city = { start: from, end: seg.end };
  else if (rest.length > 1 && isRouteWord(t, from) && rest[1].hasDigit)
    // "P.O. Box 628 Hwy 231": the box and the road it is on.
    setRoad(s, from, seg.end);
  else if (numberedStreetAt(t, from, seg.end))
    // "Lockbox 360172 500 Ross St Spc 15": the box, then a numbered street.
    w.unitParts.push(...assignNumberFirst(s, { start: from, end: seg.end }, from, w.houseParts));
  else if (typedStreet(rest) && !s.detail.fields.road)
    // "PO Box 5 Main St Vail CO": the box, then the street it is on, without a number.
    setRoad(s, from, seg.end);
  else if (rest.length) w.unitParts.push({ start: from, end: seg.end });
}

/** What comes before the box in its segment: the road it is on, a unit, or a name. */
function beforeBox(w: StreetWork, seg: Segment, i: number): void {
  const { s, t } = w;
  const before = { start: seg.start, end: i };
  // "client # 40006620 po box 740709": an account reference is the recipient's.
  const account = ACCOUNT_WORDS.has(t[seg.start].key);
  // "FM 170 Box 77": the numbered road the box is on.
  const route =
    i - seg.start >= 2 &&
    isRouteWord(t, i - 2) &&
    t[i - 1].hasDigit &&
    t.slice(seg.start, i - 2).every((x) => x.dir || isRouteQualifier(x.key));
  if (route) setRoad(s, seg.start, i);
  else if (t[i - 1].hasDigit && i - seg.start <= 3 && !account) w.unitParts.push(before);
  else w.houseParts.push(spanText(t, before));
}

/** "msc 41083362 po box 415000": a word and an id, then a box, all opening the segment. */
function specialAfterId(t: Classified[], seg: Segment, i: number): SpecialMatch | undefined {
  if (i !== seg.start || t[i].hasDigit) return undefined;
  let k = i + 1;
  // "mail code 55083 p.o. box 105046": up to two words before the id.
  if (k + 1 < seg.end && !t[k].hasDigit && t[k].key !== '#' && t[k + 1].hasDigit) k++;
  if (k < seg.end && (t[k].key === '#' || t[k].key === 'NO')) k++;
  if (!(k < seg.end && t[k].hasDigit)) return undefined;
  return matchSpecial(t, k + 1, seg.end, true);
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

/** A house number opening a street that ends in a type ("500 Ross St"), within [i, end). */
function numberedStreetAt(t: Classified[], i: number, end: number): boolean {
  if (end - i < 3 || houseNumberAt(t, { start: i, end }, i) !== 'numberFirst') return false;
  return t.slice(i + 2, end).some((x) => x.suffix || x.caType);
}

/** "Main St", "N Elm Ave": plain words closed by a street type, no number or unit. */
function typedStreet(words: Classified[]): boolean {
  const last = words[words.length - 1];
  if (words.length < 2 || !(last.suffix || last.caType) || words[0].suffix) return false;
  return words.every((w) => !w.hasDigit && !(w.unit && !w.suffix) && !w.connector);
}

/** "PO Box" at a line's or a comma's end, its number after it: "Box\n# 209", "PO Box, 118". */
export function joinBoxAndId(t: Classified[], segs: Segment[]): Segment[] {
  for (let j = 0; j + 1 < segs.length; j++) {
    const a = segs[j];
    const b = segs[j + 1];
    const idNext = t[b.start].num || (t[b.start].key === '#' && t[b.start + 1]?.num);
    if (!idNext || t[a.end - 1].key !== 'BOX' || !matchSpecial(t, a.start, b.end, true)) continue;
    segs.splice(j, 2, { start: a.start, end: b.end });
  }
  return segs;
}
