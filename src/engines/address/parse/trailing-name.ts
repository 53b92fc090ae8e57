/**
 * Stage before the postcode: "… Columbia MO 65202 Acme Propane Inc". A firm's or care-of
 * name pasted after the state and ZIP is the recipient's; the address ends before it.
 */
import { isFirmWord } from '../tables/building-words.js';
import { CARE_OF } from '../tables/delivery-words.js';
import { usState } from '../tables/us-states.js';
import type { ParseState } from './state.js';

const US_ZIP = /^\d{5}(-?\d{4})?$/;

export function peelTrailingName(s: ParseState): void {
  const t = s.tokens;
  for (let zip = s.end - 2; zip >= Math.max(1, s.end - 7); zip--) {
    if (!US_ZIP.test(t[zip].key)) continue;
    const state = usState(t[zip - 1].key);
    const words = t.slice(zip + 1, s.end);
    if (!state || words.some((w) => w.hasDigit)) return;
    if (!CARE_OF.has(words[0].key) && !words.some((w) => isFirmWord(w.key))) return;
    s.trailingName = { start: zip + 1, end: s.end };
    s.end = zip + 1;
    return;
  }
}
