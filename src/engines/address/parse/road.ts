/**
 * Setting the road: its text, an intersection's two streets, a Puerto Rico urbanization,
 * and the USPS parts (pre-direction, types, name, post-direction).
 */
import { INTERSECTION_MARKERS, URBANIZATION } from '../tables/street-words.js';
import type { Classified } from './classify.js';
import { isRouteWord, splitStreet } from './split-street.js';
import { type ParseState, type Span, spanText } from './state.js';

/** Puerto Rico: "URB Las Gladiolas 150 Calle A" - the urbanization precedes the street. */
export function takeUrbanization(s: ParseState, span: Span): boolean {
  const t = s.tokens;
  if (!URBANIZATION.has(t[span.start].key) || span.end - span.start < 2) return false;
  s.detail.urbanization = spanText(t, { start: span.start + 1, end: span.end });
  s.detail.fields.suburb = spanText(t, span);
  return true;
}

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
