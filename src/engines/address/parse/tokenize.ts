/**
 * Stage 1 and 2: clean the raw line, then cut it into tokens that remember which
 * comma-separated segment they came from. Nothing here can throw: any input becomes
 * a (possibly empty) token list.
 */
import { usState } from '../tables/us-states.js';

export interface Token {
  /** As written, without separators ("St.", "N.Y.", "68-01"). */
  raw: string;
  /** Upper case, periods and apostrophes-at-ends removed: the key used for table look-ups. */
  key: string;
  /** Index of the comma/newline/semicolon-separated segment the token sits in. */
  seg: number;
}

/** Longest line we look at; the API caps input too, this keeps a 10 KB line O(1). */
export const MAX_INPUT_CHARS = 1000;
/** Addresses have well under 40 words; more is noise we ignore rather than slow down on. */
export const MAX_TOKENS = 64;

// Control characters other than newline and tab, and invisible format characters.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ENTITY = /&#?\w{1,8};/g;

export function normalizeInput(input: unknown): string {
  if (typeof input !== 'string') return typeof input === 'number' ? String(input) : '';
  let text = input.length > MAX_INPUT_CHARS ? input.slice(0, MAX_INPUT_CHARS) : input;
  // Most lines are printable ASCII: nothing to normalize, no control or line-break characters.
  if (PRINTABLE_ASCII.test(text)) return (text.includes('&') ? text.replace(ENTITY, ' ') : text).trim();
  text = text.normalize('NFC').replace(CONTROL, ' ');
  // HTML entities from scraped data ("SU&#163;TE") carry no address meaning.
  text = text.replace(ENTITY, ' ');
  return text.replace(/\s*[\r\n]+\s*/g, ', ').trim();
}

// Characters that end a segment: commas, semicolons, brackets, bars (and " - ", below).
const SEPARATORS = new Set([',', ';', '(', ')', '[', ']', '{', '}', '|']);
// Useful characters: letters, digits and the few symbols addresses use.
const MEANINGFUL = /[\p{L}\p{N}#&/@]/u;

/** White space as the regular expression \s sees it, by character code (no allocation). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * A hand-written scanner rather than a global regular expression: it runs for every
 * address and allocates only the token strings (the CLI's memory peak follows the
 * parser's allocation rate).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let seg = 0;
  let segHasToken = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      // " - " separates segments like a comma ("São Paulo - SP").
      if (code === 32 && text.charCodeAt(i + 1) === 45 && text.charCodeAt(i + 2) === 32) {
        if (segHasToken) seg++;
        segHasToken = false;
        i += 3;
      } else i++;
      continue;
    }
    if (SEPARATORS.has(text[i])) {
      while (i < n && SEPARATORS.has(text[i])) i++;
      if (segHasToken) seg++;
      segHasToken = false;
      continue;
    }
    let j = i + 1;
    while (j < n && !isSpace(text.charCodeAt(j)) && !SEPARATORS.has(text[j])) j++;
    // "#104" -> "#", "104"; "Apt#3" -> "Apt", "#", "3": the number sign is a designator of its own.
    let p = i;
    while (p < j) {
      let q = p;
      if (text[p] === '#') q = p + 1;
      else while (q < j && text[q] !== '#') q++;
      const raw = p === i && q === j ? text.slice(i, j) : text.slice(p, q);
      p = q;
      if (!MEANINGFUL.test(raw)) continue;
      const cut = raw.length >= 5 ? gluedCut(raw) : 0;
      if (cut) segHasToken = pushToken(tokens, raw.slice(0, cut), seg) || segHasToken;
      segHasToken = pushToken(tokens, cut ? raw.slice(cut) : raw, seg) || segHasToken;
      if (tokens.length >= MAX_TOKENS) return tokens.slice(0, MAX_TOKENS);
    }
    i = j;
  }
  return tokens;
}

/** Adds the token unless it has no key; whether it was added. */
function pushToken(tokens: Token[], raw: string, seg: number): boolean {
  const key = toKey(raw);
  if (!key) return false;
  tokens.push({ raw, key, seg });
  return true;
}

/** "St.Apt" (two words joined by a period) and "IL62701" (a state code on its ZIP). */
const PERIOD_JOINED = /^[A-Za-z]{2,}\.[A-Za-z]{2,}/;
const STATE_ON_ZIP = /^[A-Za-z]{2}\d{5}(-\d{4})?$/;

/** Where to cut a token written without its space, or 0. */
function gluedCut(raw: string): number {
  if (STATE_ON_ZIP.test(raw)) return usState(raw.slice(0, 2).toUpperCase()) ? 2 : 0;
  if (raw.includes('.') && PERIOD_JOINED.test(raw)) return raw.indexOf('.') + 1;
  return 0;
}

const QUOTES_AT_ENDS = /^['"`‘’“”]|['"`‘’“”:]$/;

function toKey(raw: string): string {
  let key = raw.toUpperCase();
  if (key.includes('.')) key = key.replace(/\./g, '');
  if (QUOTES_AT_ENDS.test(key)) key = key.replace(/^['"`‘’“”]+|['"`‘’“”:]+$/g, '');
  return key;
}
