/**
 * What a part of an international street side is when it is not the street: a sub-building
 * ("Flat 3", "#4B"), a floor ("2nd Floor", "3. OG", "Piso 4"), a post box ("PO Box 123",
 * "Postfach 1234", "BP 56"), an organization ("Acme Ltd", "Muster GmbH"), or a building name
 * with its type ("Rose Cottage", "Edificio Sol"). Word lists in tables/intl-address-words.ts.
 */
import {
  BUILDING_TYPES,
  FLOOR_AFTER,
  FLOOR_BEFORE,
  GROUND_FLOORS,
  LEGAL_FORMS,
  ORDINAL_WORDS,
  POST_BOX_PHRASES,
  PREMISE_TYPES,
} from '../tables/intl-address-words.js';
import { looksLikeStreet } from './street-parts.js';

/** A written phrase as a pattern: dots optional, any spacing ("P.O. BOX" matches "PO Box", "P O BOX"). */
const phrase = (p: string) =>
  p
    .replace(/[\\^$*+?()[\]{}|/]/g, '\\$&')
    // A letter and its dot ("N.") keep the dot: the letter alone is a word of its own.
    .replace(/\./g, /^\p{L}\.$/u.test(p) ? '\\.' : '\\.?')
    .replace(/ /g, '\\s*');
const alternatives = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(phrase)
    .join('|');

const UNIT =
  /^((?:FLAT|APARTMENT|APT|UNIT|SUITE|STE|ROOM|RM|PUERTA|PORTA|INTERNO|INT|SCALA|WOHNUNG|WHG|APPARTEMENT|APPT|BUREAU|LOCAL)(?=[\s.#\d]|$)|#)\.?\s*(.*)$/i;
const BOX = new RegExp(
  `^(${alternatives(POST_BOX_PHRASES)})\\s*(?:NO\\.?\\s*|N[°º]\\s*)?(\\d[\\p{L}\\d-]*)$`,
  'iu',
);
const FLOOR_FIRST = new RegExp(`^(?:${alternatives(FLOOR_BEFORE)})\\.?\\s*(-?\\d+)$`, 'iu');
const FLOOR_LAST = new RegExp(
  `^(-?\\d+)\\s*(?:ST|ND|RD|TH|ER|E|ÈME|EME|º|°|ª|\\.)?\\s*(?:${alternatives(FLOOR_AFTER)})\\.?$`,
  'iu',
);
const GROUND = new RegExp(`^(?:${alternatives(GROUND_FLOORS)})$`, 'iu');
const FLOOR_WORD = new RegExp(`^(${ORDINAL_WORDS.join('|')})\\s+(?:${alternatives(FLOOR_AFTER)})\\.?$`, 'iu');

/** The first and last run of letters, upper case ("P.O. Box 1" -> P, BOX; "2nd Floor" -> ND, FLOOR). */
const FIRST_LETTERS = /^\p{L}+/u;
const firstLetters = (phrases: readonly string[]) =>
  phrases.map((p) => FIRST_LETTERS.exec(p.toUpperCase())?.[0]).filter((w): w is string => !!w);
/** The words a floor or a box phrase can open with, or a floor end with: only such parts are matched. */
const OPENS = new Set([
  ...firstLetters(POST_BOX_PHRASES),
  ...firstLetters(FLOOR_BEFORE),
  ...firstLetters(GROUND_FLOORS),
  ...ORDINAL_WORDS,
]);
const ENDS = new Set(FLOOR_AFTER.map((w) => w.toUpperCase()));
/** Their first two letters and last two, to rule most parts out with two look-ups. */
const OPENS_2 = new Set(
  [...OPENS, ...POST_BOX_PHRASES, ...GROUND_FLOORS].map((w) => w.slice(0, 2).toUpperCase()),
);
const ENDS_2 = new Set([...ENDS].map((w) => w.slice(-2)));
/** Whether a part opens with a word a floor or box opens with, or ends with a floor word (cheap: no pattern). */
export function mayBeFloorOrBox(t: string): boolean {
  if (OPENS_2.has(t.slice(0, 2).toUpperCase()) && OPENS.has(FIRST_LETTERS.exec(t)?.[0].toUpperCase() ?? ''))
    return true;
  const end = t.endsWith('.') ? t.length - 1 : t.length;
  if (!ENDS_2.has(t.slice(end - 2, end).toUpperCase())) return false;
  return ENDS.has(t.slice(t.lastIndexOf(' ') + 1, end).toUpperCase());
}

/** Premise-number types written before the number ("Blk 123", "Nº 5", "Km 12"), as a pattern. */
export const PREMISE_TYPE = `(?:${alternatives(PREMISE_TYPES)})`;

export interface Unit {
  text: string;
  designator?: string;
  id?: string;
}

/** Whether a part is a sub-building phrase ("Flat 3", "Apt 4B", "#12"). */
export const isUnit = (text: string) => UNIT.test(text.trim());

/** A unit phrase -> its designator and id ("Flat 3" -> FLAT, 3; "#4B" -> #, 4B). */
export function readUnitText(text: string): Unit {
  const m = UNIT.exec(text.trim());
  if (!m) return { text: text.trim() };
  return { text: text.trim(), designator: m[1].toUpperCase(), ...(m[2] ? { id: m[2].toUpperCase() } : {}) };
}

/** A floor phrase -> the floor ("2nd Floor" -> 2, "Etage 3" -> 3, "Ground Floor" -> GROUND). */
export function floorOf(text: string): { text: string; id: string } | undefined {
  const t = text.trim();
  if (!mayBeFloorOrBox(t)) return undefined;
  const m = FLOOR_FIRST.exec(t) ?? FLOOR_LAST.exec(t);
  if (m) return { text: t, id: m[1] };
  const word = FLOOR_WORD.exec(t);
  if (word) return { text: t, id: String(ORDINAL_WORDS.indexOf(word[1].toUpperCase()) + 1) };
  return GROUND.test(t) ? { text: t, id: 'GROUND' } : undefined;
}

/** A post box phrase as written ("PO Box 123", "Postfach 1234"), if the part is one. */
export function postBoxOf(text: string): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  return mayBeFloorOrBox(t) && BOX.test(t) ? t : undefined;
}

/** Whether a part names an organization: two words or more, no digit, a legal form last, no street type. */
export function isOrganization(country: string, text: string): boolean {
  if (/\d/.test(text)) return false;
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return false;
  const last = words.at(-1)!.toUpperCase().replace(/[.,]/g, '');
  return LEGAL_FORMS.has(last) && !looksLikeStreet(country, text);
}

/** The type word that opens or closes a building's name ("Rose COTTAGE", "EDIFICIO Sol"), as written. */
export function buildingTypeOf(building: string): string | undefined {
  const words = building.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  const type = (w: string) => BUILDING_TYPES.has(w.toUpperCase().replace(/[.,]/g, ''));
  if (type(words.at(-1)!)) return words.at(-1)!.replace(/[,]/g, '');
  return type(words[0]) ? words[0] : undefined;
}
