import type { ParsedAddressDetail } from '../types.js';
import type { Classified } from './classify.js';

/** A run of tokens [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** What flows from stage to stage; every stage reads and narrows it. */
export interface ParseState {
  text: string;
  tokens: Classified[];
  /** Tokens [0, end) are still unassigned; the tail stages move `end` left. */
  end: number;
  country?: Span;
  postcode?: Span;
  state?: Span;
  city?: Span;
  /** A name written after the state and ZIP ("… MO 65202 Acme Propane Inc"). */
  trailingName?: Span;
  detail: ParsedAddressDetail;
  /** Set by `explainParse` only: the stages' steps and rules that fired, in order. */
  trace?: string[];
}

export function emptyDetail(): ParsedAddressDetail {
  return { fields: {}, street: {}, unit: {}, layout: 'us' };
}

/** The text of a span as written (raw tokens joined by single spaces). */
export function spanText(tokens: Classified[], span: Span): string {
  let out = '';
  for (let i = span.start; i < span.end; i++) out += (i > span.start ? ' ' : '') + tokens[i].raw;
  return out;
}

/** Upper-case lookup key of a span. */
export function spanKey(tokens: Classified[], start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) out += (i > start ? ' ' : '') + tokens[i].key;
  return out;
}
