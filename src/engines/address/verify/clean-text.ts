/**
 * Input text as matching compares it: upper case, no periods, single spaces, trimmed.
 * Most fields are already so ("LOUISVILLE", "40205"): one scan says so and the three
 * regular-expression passes are skipped.
 */
export function cleanText(text: string | undefined): string {
  if (!text) return '';
  const upper = text.toUpperCase();
  return isClean(upper) ? upper : upper.replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

/** No period, no space at either end or twice, no whitespace but a plain space (and nothing non-ASCII, which may be). */
function isClean(s: string): boolean {
  let previousSpace = true; // a leading space is not clean
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else {
      if (c === 46 || c < 32 || c >= 127) return false;
      previousSpace = false;
    }
  }
  return !previousSpace || s.length === 0;
}
