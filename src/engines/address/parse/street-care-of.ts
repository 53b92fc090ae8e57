/** Street sub-stage: a care-of name opening the line ("c/o Bob Lee", "Attn: Billing"). */
import { CARE_OF, POST_OFFICE_WORDS } from '../tables/delivery-words.js';
import type { Classified } from './classify.js';
import { houseNumberAt } from './house-number.js';
import type { Segment } from './segments.js';
import { matchSpecial } from './special.js';
import type { StreetWork } from './street-work.js';
import { splitNameAndUnits } from './units.js';

/**
 * Care-of and firm lines come first when present. "attn: mcshane 3 fl 45-18 court square":
 * the name ends where a numbered street starts; a floor written in it is a unit.
 */
export function careOfName(w: StreetWork): boolean {
  const { s, t, segs } = w;
  if (!CARE_OF.has(t[0].key) || segs[0].end <= 1) return false;
  const streetAt = careOfStreetStart(t, segs[0]);
  if (streetAt > 0) segs.splice(0, 1, { start: 0, end: streetAt }, { start: streetAt, end: segs[0].end });
  const parts: string[] = [];
  w.unitParts = splitNameAndUnits(t, segs[0], parts, true);
  s.detail.careOf = parts[0];
  w.houseParts.push(s.detail.careOf);
  w.first = 1;
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
