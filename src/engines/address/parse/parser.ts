/**
 * The address parser, top to bottom. Each stage is a small named function over one
 * ParseState; `explain` runs the same list and records what every stage left behind.
 *
 *   normalize -> tokenize -> classify        (what the words are)
 *   near                                     ("pizza near me": a search, not an address)
 *   country -> recipient -> postcode      (peeled from the right; recipient: a firm's name
 *   -> state -> city                        written after the ZIP)
 *   town                                     (world towns where no ZIP table helps)
 *   street                                   (number, street parts, unit, PO box, names)
 *   assemble                                 (public fields)
 */
import type { ParsedAddress, ParsedAddressDetail } from '../types.js';
import { assemble } from './assemble.js';
import { findCity } from './city.js';
import { classify } from './classify.js';
import { peelCountry } from './country.js';
import { splitNear } from './near.js';
import { peelPostcode } from './postcode.js';
import { peelState } from './region.js';
import { emptyDetail, type ParseState } from './state.js';
import { solveStreet } from './street.js';
import { normalizeInput, tokenize } from './tokenize.js';
import { findTown } from './town.js';
import { peelTrailingName } from './trailing-name.js';

type Stage = [name: string, run: (s: ParseState) => void];

export const STAGES: readonly Stage[] = [
  ['near', splitNear],
  ['country', peelCountry],
  ['recipient', peelTrailingName],
  ['postcode', peelPostcode],
  ['state', peelState],
  ['city', findCity],
  ['town', findTown],
  ['street', solveStreet],
  ['assemble', assemble],
];

function initialState(input: unknown): ParseState {
  const text = normalizeInput(input);
  const tokens = classify(tokenize(text));
  return { text, tokens, end: tokens.length, detail: emptyDetail() };
}

/** One freeform line -> everything the parser found. Never throws. */
export function parseAddressDetail(input: unknown): ParsedAddressDetail {
  const state = initialState(input);
  try {
    for (const [, run] of STAGES) run(state);
  } catch {
    // A parser bug must not become a 500: fall back to what the stages had settled.
    return { ...emptyDetail(), fields: {} };
  }
  return state.detail;
}

/** One freeform line -> the fields of spec 2.9 (the `data` of POST /v1/addver/parses). */
export function parseAddress(input: unknown): ParsedAddress {
  return parseAddressDetail(input).fields;
}

export interface StageTrace {
  stage: string;
  /** What the stage settled, as readable text. */
  result: unknown;
  /**
   * The sub-stages and rules that fired inside the stage, in order (the street stage:
   * STREET_STAGES in street.ts, rules indented under their sub-stage).
   */
  steps?: string[];
}

/** Runs every stage and records its outcome, for `postroom parse --explain`. */
export function explainParse(input: unknown): StageTrace[] {
  const text = normalizeInput(input);
  const trace: StageTrace[] = [{ stage: 'normalize', result: text }];
  const tokens = tokenize(text);
  trace.push({ stage: 'tokenize', result: tokens.map((t) => `${t.raw}@${t.seg}`) });
  const classified = classify(tokens);
  trace.push({ stage: 'classify', result: classified.map(describeToken) });
  const steps: string[] = [];
  const s: ParseState = {
    text,
    tokens: classified,
    end: classified.length,
    detail: emptyDetail(),
    trace: steps,
  };
  for (const [name, run] of STAGES) {
    const before = JSON.stringify(s.detail);
    run(s);
    const result = stageResult(s, name, before);
    trace.push(steps.length ? { stage: name, result, steps: steps.splice(0) } : { stage: name, result });
  }
  return trace;
}

function describeToken(t: ReturnType<typeof classify>[number]): string {
  const tags: string[] = [];
  if (t.houseNumber) tags.push('number');
  if (t.ordinal) tags.push('ordinal');
  if (t.dir) tags.push(`dir:${t.dir.abbr}`);
  if (t.suffix) tags.push(`suffix:${t.suffix.abbr}`);
  if (t.caType) tags.push(`ca-type:${t.caType.abbr}`);
  if (t.unit) tags.push(`unit:${t.unit.abbr}`);
  if (t.intlPrefix) tags.push('intl-prefix');
  if (t.intlSuffix) tags.push('intl-suffix');
  if (t.connector) tags.push('connector');
  return `${t.raw}${tags.length ? ` [${tags.join(' ')}]` : ''}`;
}

function stageResult(s: ParseState, name: string, before: string): unknown {
  const span = (sp?: { start: number; end: number }) =>
    sp
      ? s.tokens
          .slice(sp.start, sp.end)
          .map((t) => t.raw)
          .join(' ')
      : null;
  switch (name) {
    case 'near':
      return s.end === 0 && s.tokens.length ? s.detail.fields : 'no change';
    case 'country':
      return { country: span(s.country), countryCode: s.detail.countryCode ?? null };
    case 'postcode':
      return { postcode: span(s.postcode), countryCode: s.detail.countryCode ?? null };
    case 'state':
      return { state: span(s.state) };
    case 'town':
    case 'city':
      return { city: span(s.city), rest: span({ start: 0, end: s.end }) };
    default:
      return JSON.stringify(s.detail) === before ? 'no change' : s.detail;
  }
}
