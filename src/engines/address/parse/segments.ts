/**
 * The street window split into comma segments, and what a segment looks like: a plain
 * name, a street, or words followed by a lone house number.
 */
import { CARE_OF_MID } from '../tables/delivery-words.js';
import type { Classified } from './classify.js';
import { isRouteWord } from './split-street.js';
import type { ParseState } from './state.js';

export interface Segment {
  start: number;
  end: number;
}

/** Comma segments, plus a cut before a mid-line "attn"/"c/o": what follows is a name. */
export function segmentsOf(t: Classified[], hi: number): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < hi; i++) {
    const careOf = i > 0 && CARE_OF_MID.has(t[i].key);
    if (i === 0 || t[i].seg !== t[i - 1].seg || careOf) out.push({ start: i, end: i + 1 });
    else out[out.length - 1].end = i + 1;
  }
  return out;
}

export function plainWords(t: Classified[], seg: Segment): boolean {
  for (let i = seg.start; i < seg.end; i++) if (t[i].hasDigit || t[i].unit || t[i].connector) return false;
  return true;
}

/** Segment j is words only and segment j+1 is one house number ("Lorenzo de Zovela, 1126"). */
export function loneNumberAfter(t: Classified[], segs: Segment[], j: number): boolean {
  const a = segs[j];
  const b = segs[j + 1];
  if (!a || !b || b.end - b.start !== 1 || !t[b.start].houseNumber) return false;
  for (let i = a.start; i < a.end; i++) if (t[i].hasDigit || (t[i].unit && !t[i].suffix)) return false;
  return true;
}

export function looksLikeStreet(t: Classified[], seg: Segment): boolean {
  for (let i = seg.start; i < seg.end; i++) {
    const tok = t[i];
    if (isRouteWord(t, i) && t[i + 1]?.hasDigit) return true;
    if (tok.intlPrefix || tok.intlSuffix || tok.connector) return true;
    if ((tok.suffix || tok.caType) && i > seg.start) return true;
  }
  return false;
}

/** "Lorem House, The Marina, Lowestoft": in Britain "The" and one word name a street. */
export function britishTheStreet(s: ParseState, seg: Segment): boolean {
  const t = s.tokens;
  return (
    s.detail.countryCode === 'GB' &&
    seg.end - seg.start === 2 &&
    t[seg.start].key === 'THE' &&
    !t[seg.start + 1].hasDigit
  );
}
