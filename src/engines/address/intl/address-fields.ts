/**
 * Spec 2.10, the international verified address: every field as a row (the `details` rows are
 * detail-fields.ts), in the order the answer writes them. present-verified.ts builds the answer
 * by walking this table; docs/international.md shows it and a test checks they agree.
 */
import type { FieldRow, FieldSource } from './detail-fields.js';
import type { Place } from './places.js';
import type { IntlPoint } from './point-source.js';
import { cased, type Lines } from './present.js';
import type { IntlVerification } from './present-verified.js';
import { LEVEL } from './summary.js';
import type { IntlVerifiedAddress, IntlVerifyOptions } from './types.js';

export interface AddressContext {
  v: IntlVerification;
  laid: Lines;
  options: IntlVerifyOptions;
  /** The details, built only when asked for (present-verified.ts). */
  details: IntlVerifiedAddress['details'];
}

/** A row of the answer: a value of the field's own type, or undefined to leave it out. */
export interface AddressRow<K extends keyof IntlVerifiedAddress = keyof IntlVerifiedAddress>
  extends Omit<FieldRow<AddressContext, IntlVerifiedAddress>, 'value' | 'text' | 'field'> {
  field: K;
  value: (c: AddressContext) => IntlVerifiedAddress[K] | undefined;
}

const row = <K extends keyof IntlVerifiedAddress>(
  field: K,
  sources: readonly FieldSource[],
  when: string,
  value: AddressRow<K>['value'],
): AddressRow<K> => ({ field, sources, when, value });

const proper = (c: AddressContext) => !!c.options.properCase;
const line = (i: number) => (c: AddressContext) => c.laid.lines[i] || undefined;

export const INTL_ADDRESS_FIELDS: readonly AddressRow<keyof IntlVerifiedAddress>[] = [
  row(
    'line1',
    ['format', 'parse', 'points'],
    "always: the first line in the country's postal format",
    (c) => c.laid.lines[0] ?? '',
  ),
  row('line2', ['format', 'parse', 'points'], 'the format gives the address a second line', line(1)),
  row('line3', ['format', 'parse', 'points'], 'a third line', line(2)),
  row('line4', ['format', 'parse', 'points'], 'a fourth line (more are joined into it)', line(3)),
  row(
    'city',
    ['points', 'parse', 'region tables'],
    "always (empty when none): the point's town, the town form's, else the input's",
    (c) => cased(c.v.answer.city, proper(c)),
  ),
  row(
    'provinceOrState',
    ['region tables', 'gazetteer', 'parse'],
    "always (empty when none): the region's code where the country writes one, else its name",
    provinceOrState,
  ),
  row(
    'postalOrZip',
    ['format', 'points', 'region tables'],
    'always (empty when none): as the post writes it',
    (c) => c.v.answer.postcodeText,
  ),
  row('country', ['parse'], 'always: ISO 3166-1 alpha-2', (c) => c.v.area.alpha2),
  row('countryName', ['parse'], 'always', (c) => cased(c.v.country.name, proper(c))),
  row('firmName', ['parse'], 'a line names an organization (as details.organization)', (c) =>
    c.v.read.street.organization ? cased(c.v.read.street.organization, proper(c)) : undefined,
  ),
  row(
    'zipPlus4',
    ['points'],
    'a US point with a ZIP+4 add-on (NAD) confirmed the premise: the add-on',
    zipPlus4,
  ),
  row('formattedAddress', ['format'], 'always: the lines joined with ", "', (c) => c.laid.formattedAddress),
  row(
    'status',
    ['verifier'],
    'always: verified or corrected only where a point confirmed the premise',
    (c) => c.v.status,
  ),
  row('errors', ['verifier'], 'always (empty when none)', (c) => c.v.findings.errors),
  row('summary', ['verifier'], 'always', (c) => c.v.summary),
  row(
    'details',
    ['parse', 'format', 'region tables', 'gazetteer', 'points'],
    'includeDetails=true (the rows below)',
    (c) => c.details,
  ),
  row(
    'geoData',
    ['points', 'gazetteer'],
    "geoData=true on a plan with geocoding: a point (P4, P5 with its unit), else one confirmed town's centre (A2)",
    (c) => (c.options.geoData ? geoOf(c.v) : undefined),
  ),
];

function provinceOrState(c: AddressContext): string {
  const { region, regionText } = c.v.answer;
  return region?.code && c.v.area.rule.regionAsCode ? region.code : cased(regionText, proper(c));
}

/** Only a US point that verified the premise answers its add-on (never a failed verification's guess). */
function zipPlus4(c: AddressContext): string | undefined {
  const point = c.v.match.point;
  if (c.v.area.alpha2 !== 'US' || !point?.plus4 || c.v.status === 'failed') return undefined;
  return point.plus4;
}

/** A point's position (P4, P5 with its unit), else a confirmed town's centre. */
function geoOf(v: IntlVerification): IntlVerifiedAddress['geoData'] {
  const point: IntlPoint | undefined = v.match.point;
  if (point)
    return {
      latitude: point.lat.toFixed(6),
      longitude: point.lon.toFixed(6),
      geoAccuracy: v.match.level === LEVEL.deliveryPoint ? 'P5' : 'P4',
    };
  const towns: readonly Place[] = v.area.localityConfirmed ? v.area.town.inRegion : [];
  // A town's centre only when the town is one place (A2: administrative, locality level).
  if (towns.length === 1)
    return { latitude: towns[0].lat.toFixed(6), longitude: towns[0].lng.toFixed(6), geoAccuracy: 'A2' };
  return undefined;
}
