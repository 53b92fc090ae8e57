/**
 * The street written before its number (Germany, Spain, Latin America): "Triftstrasse 67",
 * "C. de Ruiz de Alarcón, 23".
 */
import { isBareIntlSuffix } from '../tables/intl-street-words.js';
import { asciiFold, type Classified } from './classify.js';
import { setRoad } from './road.js';
import type { Segment } from './segments.js';
import { type ParseState, type Span, spanText } from './state.js';

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

/** The name before the road, the road, the number ("17", "17 B"); what follows is a unit or the town. */
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
