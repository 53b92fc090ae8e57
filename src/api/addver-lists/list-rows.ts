import { reference } from '../../engines/address/index.js';
import type { IntlInput } from '../../engines/address/intl/index.js';
import type { VerifyInput } from '../../engines/address/verify/index.js';
import { invalid } from '../../platform/errors.js';
import type { Mappings } from './addver-list.schema.js';

/** The address fields a row is read from (names are the list's mapping fields). */
const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'provinceOrState', 'postalOrZip', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Where each mapped address field is in a row: its column's index. */
export type ColumnPlan = Partial<Record<AddressField, number>> & { line1: number };

/**
 * The mapping checked against the file's header (trimmed names, as the header was read): each
 * mapped column must be there exactly once, a 400 naming the mapping otherwise. Names never
 * change a row's meaning: NCOA's name columns are checked too, though only kept in the output.
 */
export function planListColumns(mappings: Mappings, header: readonly string[]): ColumnPlan {
  const indexOf = (field: keyof Mappings): number | undefined => {
    const column = mappings[field];
    if (column === undefined) return undefined;
    const at = header.indexOf(column.trim());
    if (at < 0)
      throw invalid(
        `mappings.${field}`,
        `names the column "${column}", which the file's header does not have (it has ${header.map((h) => `"${h}"`).join(', ')}).`,
      );
    if (header.lastIndexOf(column.trim()) !== at)
      throw invalid(
        `mappings.${field}`,
        `names the column "${column}", which the file's header has more than once: rename one of them.`,
      );
    return at;
  };
  for (const field of ['firstName', 'lastName', 'fullName'] as const) indexOf(field);
  const plan: ColumnPlan = { line1: indexOf('line1') as number };
  for (const field of ADDRESS_FIELDS) {
    const at = indexOf(field);
    if (at !== undefined) plan[field] = at;
  }
  return plan;
}

export interface RowOptions {
  /** The country of rows whose country cell is empty or unmapped. */
  defaultCountry?: string;
  /** Every row goes to the international verifier; otherwise only US and Canadian rows are taken. */
  intl: boolean;
}

/** A row as verifier input, or why it cannot be verified at all (an invalid row). */
export type RowInput = { standard: VerifyInput } | { intl: IntlInput } | { invalid: string };

/**
 * One data row read through the plan. Only `line1` mapped: the cell is the whole address,
 * written freeform (with the row's country after it when the text does not end with one).
 */
export function rowInput(cells: readonly string[], plan: ColumnPlan, options: RowOptions): RowInput {
  const cell = (field: AddressField) => {
    const at = plan[field];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const line1 = cell('line1');
  if (!line1) return { invalid: 'line1 is empty.' };
  const given = cell('country') || options.defaultCountry || '';
  const country = given ? reference.country(given) : undefined;
  if (given && !country) return { invalid: `country "${given}" is not a known country code.` };
  if (options.intl && !country && !isFreeformOnly(plan))
    return { invalid: 'country is empty: map a country column or upload with a defaultCountry.' };
  if (!options.intl && country && country.alpha2 !== 'US' && country.alpha2 !== 'CA')
    return {
      invalid: `country ${country.alpha2} is outside the US and Canada: upload the list with useIntlVerification.`,
    };
  const code = country?.alpha2;
  // Either verifier reads this: a freeform string, or the structured fields both share.
  let input: string | ({ line1: string } & Partial<Record<AddressField, string>>);
  if (isFreeformOnly(plan)) {
    const last = line1.split(',').at(-1)?.trim() ?? '';
    input = code && !reference.country(last) ? `${line1}, ${code}` : line1;
  } else {
    input = { line1 };
    for (const field of ['line2', 'city', 'provinceOrState', 'postalOrZip'] as const) {
      const value = cell(field);
      if (value) input[field] = value;
    }
    if (code) input.country = code;
  }
  return options.intl ? { intl: input } : { standard: input };
}

const isFreeformOnly = (plan: ColumnPlan) =>
  ADDRESS_FIELDS.every((f) => f === 'line1' || plan[f] === undefined);
