/**
 * Street sub-stages after the box-or-number scan: a street with no number, a numbered
 * complex yielding to a later street, a lone number before the street, and the segments
 * written before the street (units, a suite, an urbanization, names).
 */
import { isComplexType } from '../tables/building-words.js';
import type { Classified } from './classify.js';
import { houseNumberAt } from './house-number.js';
import { takeUrbanization } from './road.js';
import { britishTheStreet, loneNumberAfter, looksLikeStreet, type Segment } from './segments.js';
import { spanText } from './state.js';
import type { StreetAt, StreetWork } from './street-work.js';
import { isUnitSegment } from './units.js';

/**
 * No box or number found: the street is the first segment that reads like one, or one
 * followed by a segment holding only the number ("Avenida Paulista, 1578").
 */
export function numberlessStreet(w: StreetWork): boolean {
  if (w.street) return false;
  const { s, t, segs } = w;
  let k = w.first;
  for (let j = w.first; j < segs.length; j++) {
    if (looksLikeStreet(t, segs[j]) || loneNumberAfter(t, segs, j) || britishTheStreet(s, segs[j])) {
      k = j;
      break;
    }
  }
  w.street = loneNumberAfter(t, segs, k)
    ? { seg: k, layout: 'numberAfter', hn: segs[k + 1].start }
    : { seg: k };
  return true;
}

/**
 * "One Exchange Plaza, 55 Broadway", "30 Allen Plaza, Suite 700, 30 Ivan Allen Jr. Blvd":
 * a numbered office complex in its own segment, then a numbered street in a later one -
 * the street is the later one and the complex the building.
 */
export function streetAfterComplex(w: StreetWork): boolean {
  const street = laterStreetAfterComplex(w.t, w.segs, w.street!);
  if (street === w.street) return false;
  w.street = street;
  return true;
}

function laterStreetAfterComplex(t: Classified[], segs: Segment[], street: StreetAt): StreetAt {
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

/** "21, Kingswood Road": the number alone in the segment before a numberless street. */
export function loneNumberBefore(w: StreetWork): boolean {
  const { t, segs } = w;
  const street = w.street!;
  const before = segs[street.seg - 1];
  const lone =
    street.hn === undefined &&
    before &&
    street.seg - 1 >= w.first &&
    before.end - before.start === 1 &&
    t[before.start].houseNumber &&
    looksLikeStreet(t, segs[street.seg]);
  if (lone) w.loneNumber = before;
  return !!lone;
}

/**
 * Segments before the street are units, a suite and its building, an urbanization or
 * names. Their names come before any name found inside the street ("Smithfield Foods, Inc
 * P. O. Box 9004"): they go in after the care-of name, in line order.
 */
export function segmentsBeforeStreet(w: StreetWork): boolean {
  const { s, t, segs } = w;
  const priorNames: string[] = [];
  const end = w.street!.seg - (w.loneNumber ? 1 : 0);
  for (let k = w.first; k < end; k++) {
    const seg = segs[k];
    if (isUnitSegment(t, seg)) w.unitParts.push(seg);
    else if (letteredSuiteOpens(t, seg)) {
      // "203 a. Duncan Square, 1961 N Druid Hills Rd": the suite, then the building's name.
      w.unitParts.push({ start: seg.start, end: seg.start + 2 });
      priorNames.push(spanText(t, { start: seg.start + 2, end: seg.end }));
    } else if (!takeUrbanization(s, seg)) priorNames.push(spanText(t, seg));
  }
  w.houseParts.splice(w.first > 0 ? 1 : 0, 0, ...priorNames);
  return end > w.first;
}

/** A number and a letter (a suite's id), then plain words: "203 a. Duncan Square". */
function letteredSuiteOpens(t: Classified[], seg: Segment): boolean {
  if (seg.end - seg.start < 3 || !t[seg.start].num || !t[seg.start + 1].letter || t[seg.start + 1].dir)
    return false;
  for (let k = seg.start + 2; k < seg.end; k++)
    if (t[k].hasDigit || t[k].unit || t[k].connector) return false;
  return true;
}
