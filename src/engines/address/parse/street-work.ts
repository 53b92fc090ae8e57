/**
 * What the street stage's sub-stages share: the comma segments of the street window, the
 * names and unit text gathered so far, and where the street is once found.
 */
import type { Classified } from './classify.js';
import type { Layout } from './house-number.js';
import type { Segment } from './segments.js';
import type { ParseState, Span } from './state.js';

/** The street's segment, and its house number and layout when it has one. */
export interface StreetAt {
  seg: number;
  layout?: Layout;
  /** The house number's token (in the next segment for "Avenida Paulista, 1578"). */
  hn?: number;
}

export interface StreetWork {
  s: ParseState;
  t: Classified[];
  segs: Segment[];
  /** Names for `house`, in line order (care-of name first). */
  houseParts: string[];
  /** Unit text; the last sub-stage reads it into unit, level or PO box. */
  unitParts: Span[];
  /** The first segment after a care-of name. */
  first: number;
  street?: StreetAt;
  /** "21, Kingswood Road": the segment before a numberless street holding only its number. */
  loneNumber?: Segment;
  /** The first segment after the street: the later segments start here. */
  next: number;
  /** `postroom parse --explain`: the sub-stages and rules that fired, in order. */
  trace?: string[];
}

export interface StreetStage {
  name: string;
  /** Runs the sub-stage; true when it settled something. */
  run(w: StreetWork): boolean;
  /** What it settled, for --explain (called only there). */
  note?(w: StreetWork): string;
  /** When it fires the whole window is settled and the street stage ends. */
  final?: true;
}
