/**
 * A resolved completion (spec 2.12) from an imported point, laid out in its country's format.
 * Every field is a row of INTL_COMPLETION_FIELDS (its source, when it is present), which
 * completionOf walks and docs/international.md shows. Points carry no organization, so
 * `company` and `department` have no source and never appear.
 */
import { reference } from '../reference/index.js';
import { streetKey } from '../verify/reference-point.js';
import { type CountryRule, countryRule } from './country-rules.js';
import type { FieldRow, FieldSource } from './detail-fields.js';
import type { IntlPoint } from './point-source.js';
import { checkPostcode, hasPostcodes, type PostcodeCheck } from './postcode.js';
import { cased, type Lines, layOut } from './present.js';

export interface IntlCompletion {
  line1: string;
  line2?: string;
  line3?: string;
  line4?: string;
  city: string;
  provinceOrState: string;
  provinceCode?: string;
  postalOrZip: string;
  country: string;
  countryCode: string;
  formattedAddress: string;
  building?: string;
  company?: string;
  department?: string;
  error?: string;
}

interface CompletionContext {
  p: IntlPoint;
  rule: CountryRule;
  pc: PostcodeCheck;
  laid: Lines;
  proper: boolean;
  /** A premise "number" without a digit is a house's name ("ROSE COTTAGE"). */
  houseName?: string;
}

type CompletionRow = FieldRow<CompletionContext, IntlCompletion>;

const row = (
  field: keyof IntlCompletion,
  sources: readonly FieldSource[],
  when: string,
  value: CompletionRow['value'],
): CompletionRow => ({ field, sources, when, text: false, value });

const line = (i: number) => (c: CompletionContext) => c.laid.lines[i] || undefined;
/** A region's code stays as written ("NH"); a name is cased like the lines ("England"). */
const regionCode = (c: CompletionContext) => (/^[A-Z0-9]{1,4}$/.test(c.p.state) ? c.p.state : undefined);

export const INTL_COMPLETION_FIELDS: readonly CompletionRow[] = [
  row(
    'line1',
    ['points', 'format'],
    "always: the point's first line in its country's postal format",
    (c) => c.laid.lines[0] ?? '',
  ),
  row('line2', ['points', 'format'], 'the layout has a second line (a unit: its own line)', line(1)),
  row('line3', ['points', 'format'], 'a third line', line(2)),
  row('line4', ['points', 'format'], 'a fourth line (more are joined into it)', line(3)),
  row('city', ['points'], "always: the point's town", (c) => cased(c.p.city, c.proper)),
  row(
    'provinceOrState',
    ['points'],
    "always (empty when the point has none): the point's region",
    (c) => regionCode(c) ?? cased(c.p.state, c.proper),
  ),
  row('provinceCode', ['points'], "the point's region is a code", regionCode),
  row('postalOrZip', ['points', 'format'], 'always (empty when none): as the post writes it', (c) =>
    c.pc.state === 'empty' ? '' : c.pc.code,
  ),
  row('country', ['points'], "always: the country's name", (c) =>
    cased(reference.country(c.p.country)?.name ?? c.p.country, c.proper),
  ),
  row('countryCode', ['points'], 'always: ISO 3166-1 alpha-2', (c) => c.p.country),
  row('formattedAddress', ['format'], 'always: the lines joined with ", "', (c) => c.laid.formattedAddress),
  row(
    'building',
    ['points'],
    'the point names a building: a house name where its number has no digit, or its unit is a building (BLDG 5)',
    building,
  ),
  row('company', ['none'], 'never: imported points carry no organization', () => undefined),
  row('department', ['none'], 'never: imported points carry no organization', () => undefined),
  row(
    'error',
    ['format'],
    "the point's address fails its country's format: a postal code missing or malformed, a required region missing",
    formatError,
  ),
];

export function completionOf(p: IntlPoint, properCase = false): IntlCompletion {
  const rule = countryRule(p.country);
  const pc = checkPostcode(p.country, p.zip);
  const houseName = /\d/.test(p.number) ? undefined : p.number;
  const unit = [p.unitDesignator, p.unitId].filter(Boolean).join(' ');
  const regionParts =
    p.country === 'IT'
      ? { countyCode: p.state }
      : rule.regionAsCode
        ? { stateCode: p.state }
        : { state: p.state };
  const laid = layOut(
    p.country,
    {
      ...(houseName ? { house: houseName } : { houseNumber: p.number }),
      road: streetKey(p.street),
      city: p.city,
      postcode: pc.state === 'empty' ? '' : pc.code,
      ...(p.state ? regionParts : {}),
    },
    unit ? [unit] : [],
    rule,
    properCase,
  );
  const context: CompletionContext = {
    p,
    rule,
    pc,
    laid,
    proper: properCase,
    ...(houseName ? { houseName } : {}),
  };
  const out: Record<string, string> = {};
  for (const r of INTL_COMPLETION_FIELDS) {
    const value = r.value(context);
    if (value !== undefined) out[r.field] = value;
  }
  return out as unknown as IntlCompletion;
}

function building(c: CompletionContext): string | undefined {
  if (c.houseName) return cased(c.houseName, c.proper);
  const { unitDesignator, unitId } = c.p;
  return unitDesignator === 'BLDG' && unitId ? cased(`${unitDesignator} ${unitId}`, c.proper) : undefined;
}

/** What the country's format finds wrong with the point's own address, in the errors' words. */
function formatError(c: CompletionContext): string | undefined {
  const errors: string[] = [];
  if (c.pc.state === 'empty' && hasPostcodes(c.p.country)) errors.push('Missing Value: Postal code');
  if (c.pc.state === 'invalid') errors.push('Incorrect Value: Postal code');
  if (!c.p.state && c.rule.regionRequired) errors.push('Missing Value: Province or state');
  return errors.length ? errors.join('; ') : undefined;
}
