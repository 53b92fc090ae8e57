/**
 * Stage 1 and 2: clean the raw line, then cut it into tokens that remember which
 * comma-separated segment they came from. Nothing here can throw: any input becomes
 * a (possibly empty) token list.
 */
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

export function normalizeInput(input: unknown): string {
  if (typeof input !== 'string') return typeof input === 'number' ? String(input) : '';
  let text = input.length > MAX_INPUT_CHARS ? input.slice(0, MAX_INPUT_CHARS) : input;
  text = text.normalize('NFC').replace(CONTROL, ' ');
  // HTML entities from scraped data ("SU&#163;TE") carry no address meaning.
  text = text.replace(/&#?\w{1,8};/g, ' ');
  return text.replace(/\s*[\r\n]+\s*/g, ', ').trim();
}

// A piece is a run of anything but whitespace and separators; separators open a new segment.
const PIECE = /[,;()[\]{}|]+|\s-\s|[^\s,;()[\]{}|]+/g;
// Useful characters: letters, digits and the few symbols addresses use.
const MEANINGFUL = /[\p{L}\p{N}#&/@]/u;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let seg = 0;
  let segHasToken = false;
  for (const m of text.matchAll(PIECE)) {
    const piece = m[0];
    if (/^[,;()[\]{}|]+$/.test(piece) || piece === ' - ') {
      if (segHasToken) seg++;
      segHasToken = false;
      continue;
    }
    for (const raw of splitHash(piece)) {
      if (!MEANINGFUL.test(raw)) continue;
      const key = toKey(raw);
      if (!key) continue;
      tokens.push({ raw, key, seg });
      segHasToken = true;
      if (tokens.length >= MAX_TOKENS) return tokens;
    }
  }
  return tokens;
}

/** "#104" -> "#", "104"; "Apt#3" -> "Apt", "#", "3": the number sign is a designator of its own. */
function splitHash(piece: string): string[] {
  if (!piece.includes('#') || piece === '#') return [piece];
  return piece.split(/(#)/).filter((p) => p.length > 0);
}

function toKey(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/^['"`‘’“”]+|['"`‘’“”:]+$/g, '');
}
