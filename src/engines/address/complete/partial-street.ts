import { ORDINAL_NUMBER, ORDINAL_WORDS } from '../tables/number-words.js';
import {
  designatorOf,
  directionsOf,
  misspeltStreetType,
  preTypeWord,
  streetTypesOf,
} from './street-words.js';

/** A word as typed: `partial` when it is the last one and no space follows it yet. */
export interface TypedWord {
  text: string;
  partial: boolean;
}

/** What follows the street name, slot by slot, in the order addresses are written. */
export interface StreetTail {
  /** Standard street type(s) a complete word stands for ("ROAD" -> RD); `typo` when one slip away. */
  type?: { standards: string[]; typo: boolean };
  postDirection?: string[];
  designator?: string;
  unitId?: TypedWord;
  /** A half-typed last word that is not a unit id: the start of a type, direction or designator. */
  open?: string;
}

/**
 * One way of splitting the typed street words: words before the name (a direction or a
 * pre-type such as HWY), the name, and what follows it.
 */
export interface StreetReading {
  before: Array<{ word: string; directions: string[]; preType?: string }>;
  /** The typed name, upper case. */
  name: string;
  /** The name may go on (its last word is half-typed, or more words may follow). */
  open: boolean;
  tail: StreetTail;
}

export interface PartialStreet {
  /** The house number typed, if the input starts with one. */
  number?: TypedWord;
  /** Empty when only a number (or nothing usable) was typed. */
  readings: StreetReading[];
  /** Text after a comma ("…, Louisville"): a hint of the locality, used in ranking. */
  locality?: string;
  /** The last word is still being typed (no space after it). */
  midWord: boolean;
}

const NUMBER = /^\d+[A-Z]?(-\d*[A-Z]?)?$/;
const MAX_READINGS = 12;

/** Upper case, no periods or control characters, "#4" as "# 4", single spaces; whether the user is mid-word. */
function words(text: string): TypedWord[] {
  const cleaned = text
    .toUpperCase()
    .replace(/[.,;\u0000-\u001f\u007f]/g, ' ') // control characters too
    .replace(/#(?=\S)/g, '# ')
    .replace(/\s*-\s*(?=\d)/g, '-');
  const list = cleaned.split(/\s+/).filter(Boolean);
  const midWord = !/\s$/.test(text);
  return list.map((w, i) => ({ text: w, partial: midWord && i === list.length - 1 }));
}

/**
 * Reads the `partialStreet` of an autocomplete request: "1920 newb", "3119 s 2nd st",
 * "601 van ness ave #7", "newburg". Every plausible split of the words into
 * direction / name / type / unit is kept; the ranking decides between them.
 */
export function readPartialStreet(text: string): PartialStreet {
  const [street = '', ...rest] = text.split(',');
  const locality = rest.join(' ').toUpperCase().replace(/\s+/g, ' ').trim() || undefined;
  const typed = words(street.length < text.length ? `${street} ` : text);
  let number: TypedWord | undefined;
  if (typed.length && NUMBER.test(typed[0].text) && !ORDINAL_NUMBER.test(typed[0].text))
    number = typed.shift();
  return {
    ...(number ? { number } : {}),
    readings: streetReadings(typed),
    ...(locality ? { locality } : {}),
    midWord: !!typed[typed.length - 1]?.partial,
  };
}

function streetReadings(typed: TypedWord[]): StreetReading[] {
  if (!typed.length) return [];
  const out: StreetReading[] = [];
  // Up to two leading words may be a direction or pre-type ("N HWY 42"), or part of the name.
  for (let skip = 0; skip <= 2 && skip < typed.length; skip++) {
    const before = typed.slice(0, skip);
    if (skip > 0 && !isBeforeWord(typed[skip - 1])) break;
    const rest = typed.slice(skip);
    for (let end = rest.length; end >= 1 && rest.length - end <= 4; end--) {
      const tail = readTail(rest.slice(end));
      if (!tail) continue;
      const nameWords = rest.slice(0, end);
      const last = nameWords[nameWords.length - 1];
      const reading = {
        before: before.map((w) => ({
          word: w.text,
          directions: directionsOf(w.text),
          ...(preTypeWord(w.text) ? { preType: preTypeWord(w.text) } : {}),
        })),
        name: nameWords.map((w) => w.text).join(' '),
        open: end === rest.length,
        tail,
      };
      out.push(reading);
      // "SECOND" is stored as 2ND by most sources: read a complete ordinal word both ways.
      const ordinal = ORDINAL_WORDS.get(last.text);
      if (ordinal && nameWords.length === 1) out.push({ ...reading, name: ordinalText(ordinal) });
    }
  }
  return out.slice(0, MAX_READINGS);
}

function isBeforeWord(w: TypedWord): boolean {
  return !w.partial && (directionsOf(w.text).length > 0 || preTypeWord(w.text) !== undefined);
}

function ordinalText(n: number): string {
  const tens = n % 100;
  const end = tens >= 11 && tens <= 13 ? 'TH' : (({ 1: 'ST', 2: 'ND', 3: 'RD' } as const)[n % 10] ?? 'TH');
  return `${n}${end}`;
}

/**
 * The words after a name, read into the slots type -> post-direction -> designator -> unit id
 * (each at most once, in that order), or undefined when they cannot be read so.
 */
export function readTail(rest: TypedWord[]): StreetTail | undefined {
  const tail: StreetTail = {};
  let slot = 0; // 0 type, 1 direction, 2 designator, 3 unit id, 4 full
  for (const w of rest) {
    if (w.partial) {
      // A half-typed digit is a unit id's start (types and designators have no digits).
      if (/^\d/.test(w.text) || (slot === 3 && tail.designator)) {
        if (slot > 3) return undefined;
        tail.unitId = w;
      } else tail.open = w.text;
      slot = 4;
      continue;
    }
    const types = slot === 0 ? streetTypesOf(w.text) : [];
    const typo = slot === 0 && !types.length ? misspeltStreetType(w.text) : undefined;
    const directions = slot <= 1 ? directionsOf(w.text) : [];
    const designator = slot <= 2 ? designatorOf(w.text) : undefined;
    if (types.length || typo) {
      tail.type = { standards: types.length ? types : [typo!], typo: !types.length };
      slot = 1;
    } else if (directions.length) {
      tail.postDirection = directions;
      slot = 2;
    } else if (designator) {
      tail.designator = designator;
      slot = 3;
    } else if (slot <= 3 && /^[A-Z0-9-]+$/.test(w.text) && (tail.designator || /\d/.test(w.text))) {
      tail.unitId = w;
      slot = 4;
    } else return undefined;
  }
  return tail;
}
