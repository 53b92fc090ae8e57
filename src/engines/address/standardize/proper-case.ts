/**
 * Proper case for `properCase=true` answers ("145 Mulberry St Ph D"). Words are
 * capitalized; ids, compass abbreviations and box keywords keep their postal form.
 */
const KEEP_UPPER = new Set([
  'NE',
  'NW',
  'SE',
  'SW',
  'NO',
  'SO',
  'PO',
  'PMB',
  'RR',
  'HC',
  'PSC',
  'CMR',
  'APO',
  'FPO',
  'DPO',
  'US',
  'FM',
]);
const LOWER_PARTICLES = new Set(['DE', 'DU', 'DES', 'LA', 'LE', 'LES', 'DEL', 'Y', 'OF', 'THE', 'AND']);
const ORDINAL = /^(\d+)(ST|ND|RD|TH)$/;

function word(w: string, first: boolean): string {
  if (!w) return w;
  if (KEEP_UPPER.has(w)) return w;
  const ordinal = ORDINAL.exec(w);
  if (ordinal) return ordinal[1] + ordinal[2].toLowerCase();
  // Ids such as 3A, B12, 12-B and single letters stay upper case (Ph D, Apt 3A).
  if (/\d/.test(w) || w.length === 1) return w;
  if (!first && LOWER_PARTICLES.has(w)) return w.toLowerCase();
  // Hyphenated and apostrophe names: "O'NEIL" -> "O'Neil", "SAINT-LAURENT" -> "Saint-Laurent".
  return w
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Upper-case postal text -> proper case. */
export function properCase(text: string): string {
  return text
    .split(' ')
    .map((w, i) => word(w.toUpperCase(), i === 0))
    .join(' ');
}
