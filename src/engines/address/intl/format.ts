/**
 * An address laid out in its country's postal format: the OpenCage address-formatting
 * templates through @fragaria/address-formatter (MIT; templates by OpenCage, MIT).
 *
 * The library compiles regular expressions and renders a Mustache template on every call
 * (~150 µs). The layout of a country depends only on which parts are present, so it is
 * rendered once per country and set of parts with stand-ins for the values, and kept; each
 * address then fills in its values and gets the template's own value and post-format
 * replacements, as the library would apply them.
 */

import { lazy } from '../../../platform/lazy.js';
import { addressFormatter } from '../../../platform/packages-on-first-use.js';
import { requireData } from '../reference/load-package.js';

/** The parts an address is laid out from (the library's names). */
export interface FormatParts {
  /** An organization, on the first line (the templates' attention). */
  attention?: string;
  house?: string;
  houseNumber?: string;
  road?: string;
  suburb?: string;
  city?: string;
  county?: string;
  countyCode?: string;
  state?: string;
  stateCode?: string;
  postcode?: string;
}

const PART_NAMES = [
  'attention',
  'house',
  'houseNumber',
  'road',
  'suburb',
  'city',
  'county',
  'countyCode',
  'state',
  'stateCode',
  'postcode',
] as const satisfies ReadonlyArray<keyof FormatParts>;

/** snake_case names the templates' replacement rules use. */
const RULE_NAMES: Record<(typeof PART_NAMES)[number], string> = {
  attention: 'attention',
  house: 'house',
  houseNumber: 'house_number',
  road: 'road',
  suburb: 'suburb',
  city: 'city',
  county: 'county',
  countyCode: 'county_code',
  state: 'state',
  stateCode: 'state_code',
  postcode: 'postcode',
};

interface Template {
  address_template?: string;
  use_country?: string;
  replace?: Array<[string, string]>;
  postformat_replace?: Array<[string, string]>;
}

interface CountryRules {
  /** Value rewrites: [part or undefined for every part, pattern, replacement]. */
  values: Array<[string | undefined, RegExp, string]>;
  post: Array<[RegExp, string]>;
}

const templates = lazy(
  () =>
    requireData(
      requireData
        .resolve('@fragaria/address-formatter/package.json')
        .replace(/package\.json$/, 'src/templates/templates.json'),
    ) as Record<string, Template>,
);

const rulesCache = new Map<string, CountryRules | null>();

/** The template's replacement rules, compiled; null when the country is formatted as another. */
function rulesOf(alpha2: string): CountryRules | null {
  let rules = rulesCache.get(alpha2);
  if (rules !== undefined) return rules;
  const template = templates()[alpha2];
  if (template?.use_country) rules = null;
  else {
    rules = {
      values: (template?.replace ?? []).map(([pattern, replacement]) => {
        const m = /^(\w+)=(.*)$/.exec(pattern);
        return m ? [m[1], new RegExp(m[2]), replacement] : [undefined, new RegExp(pattern), replacement];
      }),
      post: (template?.postformat_replace ?? []).map(([p, r]) => [new RegExp(p), r]),
    };
  }
  rulesCache.set(alpha2, rules);
  return rules;
}

const mark = (i: number) => `\u0001${i}\u0002`;
const MARK = /\u0001(\d+)\u0002/g;
const layouts = new Map<string, string[]>();

/** The country's lines for this set of parts, with a mark where each part's value goes. */
function layoutOf(alpha2: string, present: Array<(typeof PART_NAMES)[number]>): string[] {
  const key = `${alpha2}|${present.join(',')}`;
  let lines = layouts.get(key);
  if (!lines) {
    const input: Record<string, string> = { countryCode: alpha2 };
    for (const name of present) input[name] = mark(PART_NAMES.indexOf(name));
    lines = addressFormatter().format(input, {
      output: 'array',
      appendCountry: false,
      cleanupPostcode: false,
    });
    layouts.set(key, lines);
  }
  return lines;
}

/** Collapses what empty values leave behind and repeats the library removes ("Berlin, Berlin"). */
function tidy(lines: string[]): string[] {
  // Most addresses have nothing to tidy: no empty line, no repeated part, no stray separator.
  if (
    lines.every((l) => l && !/ {2}|\t|^[-,\s]|[-,\s]$/.test(l)) &&
    new Set(lines).size === lines.length &&
    !lines.some((l) => l.includes(', '))
  )
    return lines;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    const chunks: string[] = [];
    for (const chunk of line.replace(/[ \t]+/g, ' ').split(', ')) {
      const c = chunk.trim();
      if (c && !chunks.includes(c)) chunks.push(c);
    }
    const text = chunks.join(', ').replace(/^[-,\s]+|[-,\s]+$/g, '');
    if (text && !seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

/** The address's lines in its country's postal format (no country line). */
export function formatLines(alpha2: string, parts: FormatParts): string[] {
  const rules = rulesOf(alpha2);
  if (rules === null) {
    // A territory formatted as another country: rare, so the library's own path.
    return addressFormatter().format(
      { ...parts, countryCode: alpha2 },
      { output: 'array', appendCountry: false },
    );
  }
  const values: string[] = [];
  const present: Array<(typeof PART_NAMES)[number]> = [];
  for (const [i, name] of PART_NAMES.entries()) {
    let value = parts[name]?.trim();
    if (!value) continue;
    for (const [part, pattern, replacement] of rules.values)
      if (part === undefined || part === RULE_NAMES[name]) value = value.replace(pattern, replacement);
    if (!value) continue;
    values[i] = value;
    present.push(name);
  }
  const filled = layoutOf(alpha2, present).map((line) =>
    line.replace(MARK, (_m, i: string) => values[Number(i)]),
  );
  let text = tidy(filled).join('\n');
  if (rules.post.length) {
    text = `${text}\n`;
    for (const [pattern, replacement] of rules.post) text = text.replace(pattern, replacement);
  }
  return tidy(text.split('\n'));
}
