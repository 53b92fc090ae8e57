/**
 * Spec 2.2, the standard API's verified address, every field as a row (as detail-fields.ts does
 * for `details`): present.ts builds the answer by walking it in order, docs/verification.md
 * shows it ("Response fields"), and tests check that the two agree.
 */
import type { GeocodeResult } from '../geocode/geocode-result.js';
import type { UsFieldRow } from './detail-fields.js';
import type { AddressDetails } from './details.js';
import type { ErrorsObject } from './findings.js';
import type { Verification } from './verification.js';

/** What the rows read: the answer's parts, already in the answer's case. */
export interface UsAddressFacts {
  v: Verification;
  line1: string;
  line2?: string;
  city: string;
  postalOrZip: string;
  provinceOrStateName?: string;
  firmName?: string;
  zipPlus4?: string;
  details?: AddressDetails;
  geocodeResult?: GeocodeResult;
}

type Value = string | ErrorsObject | AddressDetails | GeocodeResult | undefined;
type Row = Omit<UsFieldRow<UsAddressFacts>, 'value'> & { value: (f: UsAddressFacts) => Value; always?: true };

const row = (
  field: string,
  sources: Row['sources'],
  when: string,
  value: Row['value'],
  always?: true,
): Row => ({ field, sources, when, value, ...(always ? { always } : {}) });

export const US_ADDRESS_FIELDS: readonly Row[] = [
  row(
    'line1',
    ['parse', 'points', 'ranges'],
    'always: number, street and unit, standardized',
    (f) => f.line1,
    true,
  ),
  row(
    'line2',
    ['parse', 'NAD'],
    "the input's unit was on line2, or a line2 or urbanization is given or is the point's",
    (f) => f.line2,
  ),
  row(
    'city',
    ['ZIP tables', 'NAD', 'parse'],
    "always (empty when none): NAD's Post_City, else the ZIP's city, else the input's",
    (f) => f.city,
    true,
  ),
  row(
    'provinceOrState',
    ['ZIP tables', 'parse'],
    'always (empty when none): the two-letter code',
    (f) => f.v.state ?? '',
    true,
  ),
  row(
    'postalOrZip',
    ['ZIP tables', 'points', 'ranges', 'parse'],
    "always (empty when none): the matched ZIP, else the input's",
    (f) => f.postalOrZip,
    true,
  ),
  row('country', ['parse'], 'always: `us` or `ca`', (f) => f.v.country.toLowerCase(), true),
  row('countryName', ['parse'], 'always', (f) => (f.v.country === 'US' ? 'UNITED STATES' : 'CANADA'), true),
  row('provinceOrStateName', ['ZIP tables'], 'the state or province is known', (f) => f.provinceOrStateName),
  row('firmName', ['parse'], 'a recipient or firm is given', (f) => f.firmName),
  row('status', ['verifier'], 'always: `verified`, `corrected` or `failed`', (f) => f.v.status, true),
  row('errors', ['verifier'], 'always (`{}` when verified)', (f) => f.v.errors, true),
  row(
    'zipPlus4',
    ['NAD', 'ranges'],
    "a matched NAD point has Plus_4, or a matched street range's side has PLUS4L/PLUS4R",
    (f) => f.zipPlus4,
  ),
  row('details', ['verifier'], '`includeDetails=true`: the table below', (f) => f.details),
  row(
    'geocodeResult',
    ['points', 'ranges', 'ZIP tables'],
    '`geocode=true` on a plan with geocoding: the point, the range interpolated, the street, the ZIP or state centre',
    (f) => f.geocodeResult,
  ),
];
