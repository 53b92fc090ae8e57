/**
 * Stage 0: "book stores near me", "coffee near Louisville, KY" - a search phrase, not an
 * address. Everything before NEAR is the category; NEAR and what follows is `near`.
 */
import type { ParseState } from './state.js';
import { spanText } from './state.js';

export function splitNear(s: ParseState): void {
  const t = s.tokens;
  const at = t.findIndex((tok, i) => i > 0 && tok.key === 'NEAR');
  if (at < 0 || t.slice(0, at).some((tok) => tok.hasDigit)) return;
  s.detail.fields.category = spanText(t, { start: 0, end: at });
  s.detail.fields.near = spanText(t, { start: at, end: t.length });
  s.end = 0;
}
