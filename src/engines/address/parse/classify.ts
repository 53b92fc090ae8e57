/**
 * Stage 3: what each token could be, looked up once so the solver only reads flags.
 * A token can be several things at once ("CT" is Connecticut and Court); the solver
 * decides from position.
 */
import { type CanadaStreetType, canadaStreetType } from '../tables/canada.js';
import { type Directional, directional } from '../tables/directionals.js';
import { endsWithIntlStreetSuffix, INTL_PREFIX_TYPES } from '../tables/intl-street-words.js';
import { CARDINAL_WORDS, ORDINAL_NUMBER, ORDINAL_WORDS } from '../tables/number-words.js';
import { type SuffixEntry, uspsSuffix } from '../tables/usps-street-suffixes.js';
import { type UnitDesignator, unitDesignator } from '../tables/usps-unit-designators.js';
import type { Token } from './tokenize.js';

export interface Classified extends Token {
  /** Digits only. */
  num: boolean;
  /** Shapes a civic number takes: 123, 123A, 123-A, 68-01, 115-121, 1/2. */
  houseNumber: boolean;
  fraction: boolean;
  /** 5TH, 52ND or FIFTH. */
  ordinal: boolean;
  /** ONE..TWENTY written out. */
  cardinalWord: boolean;
  /** A single letter A-Z. */
  letter: boolean;
  hasDigit: boolean;
  dir: Directional | undefined;
  suffix: SuffixEntry | undefined;
  caType: CanadaStreetType | undefined;
  unit: UnitDesignator | undefined;
  intlPrefix: boolean;
  intlSuffix: boolean;
  /** &, AND, AT, @ (Spanish Y, German UND): joins two streets of an intersection. */
  connector: boolean;
}

const HOUSE_NUMBER = /^(\d+[A-Z]?|\d+-\d+[A-Z]?|\d+-[A-Z]|[A-Z]\d+[A-Z]?\d*|\d+[A-Z]-\d+|\d+\/\d+)$/;
const CONNECTORS = new Set(['&', 'AND', '@', 'AT', 'Y', 'UND']);

/** Folds accents and ß so "STRAßE" and "ALLÉE" find their table rows. */
export function asciiFold(key: string): string {
  if (/^[\x20-\x7e]*$/.test(key)) return key;
  return key
    .replace(/ß/g, 'SS')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A class, not object spreads: one hidden class keeps the hot loop monomorphic (10x faster). */
class ClassifiedToken implements Classified {
  readonly raw: string;
  readonly key: string;
  readonly seg: number;
  readonly num: boolean;
  readonly houseNumber: boolean;
  readonly fraction: boolean;
  readonly ordinal: boolean;
  readonly cardinalWord: boolean;
  readonly letter: boolean;
  readonly hasDigit: boolean;
  readonly dir: Directional | undefined;
  readonly suffix: SuffixEntry | undefined;
  readonly caType: CanadaStreetType | undefined;
  readonly unit: UnitDesignator | undefined;
  readonly intlPrefix: boolean;
  readonly intlSuffix: boolean;
  readonly connector: boolean;

  constructor(t: Token) {
    const key = t.key;
    this.raw = t.raw;
    this.key = key;
    this.seg = t.seg;
    const hasDigit = /\d/.test(key);
    this.hasDigit = hasDigit;
    this.num = hasDigit && /^\d+$/.test(key);
    this.houseNumber = hasDigit && HOUSE_NUMBER.test(key);
    // 1/2, 3/4: a fraction of a house number. 5/20 is Australian unit/number instead.
    this.fraction = hasDigit && /^\d\/[2348]$/.test(key);
    this.ordinal = hasDigit ? ORDINAL_NUMBER.test(key) : ORDINAL_WORDS.has(key);
    this.cardinalWord = !hasDigit && CARDINAL_WORDS.has(key);
    this.letter = key.length === 1 && key >= 'A' && key <= 'Z';
    this.dir = hasDigit ? undefined : directional(key);
    this.suffix = hasDigit ? undefined : uspsSuffix(key);
    this.caType = hasDigit ? undefined : canadaStreetType(key);
    this.unit = unitDesignator(key);
    this.connector = CONNECTORS.has(key);
    if (hasDigit) {
      this.intlPrefix = false;
      this.intlSuffix = false;
    } else {
      const folded = asciiFold(key);
      this.intlPrefix = INTL_PREFIX_TYPES.has(key) || INTL_PREFIX_TYPES.has(folded);
      this.intlSuffix = key.length > 1 && endsWithIntlStreetSuffix(folded);
    }
  }
}

export function classify(tokens: Token[]): Classified[] {
  return tokens.map((t) => new ClassifiedToken(t));
}
