/**
 * Spec 2.3 `details` (the standard API's 48 fields), every field as a row: where its value comes
 * from, when it is present, and how it is read. details.ts builds `details` by walking this
 * table, docs/verification.md shows it ("Response fields"), and tests check that the two agree
 * and that each row with a source appears over HTTP. A field without a source never appears.
 */
import type { CensusDetails } from '../geography/census-details.js';
import type { PlacedAreas } from '../geography/layers.js';
import type { ZipRecord } from '../reference/us-zips.js';
import type { DeliveryDetails } from './delivery.js';
import type { Verification } from './verification.js';

/** Where a field's value comes from (docs/verification.md names them the same). */
export type UsFieldSource =
  | 'parse'
  | 'points'
  | 'ranges'
  | 'NAD'
  | 'TIGER layers'
  | 'ZIP tables'
  | 'verifier'
  | 'none';

/** What the rows read, computed once per answer. */
export interface UsDetailFacts {
  v: Verification;
  /** The answer's US ZIP in the bundled ZIP tables. */
  zip?: ZipRecord;
  /** The congressional district of the ZIP's ZCTA, when it has one only. */
  zctaDistrict?: string;
  census: CensusDetails;
  areas?: PlacedAreas;
  delivery: DeliveryDetails;
}

export interface UsFieldRow<C> {
  field: string;
  sources: readonly UsFieldSource[];
  /** When the field is present (docs/verification.md's wording). */
  when: string;
  value: (c: C) => string | boolean | undefined;
}

type Row = UsFieldRow<UsDetailFacts>;

const row = (field: string, sources: readonly UsFieldSource[], when: string, value: Row['value']): Row => ({
  field,
  sources,
  when,
  value,
});
const none = (field: string): Row =>
  row(field, ['none'], 'never: no source Postroom reads has it', () => undefined);

/** The fields spec 2.3 types boolean; every other is a string. */
export const US_BOOLEAN_DETAILS: ReadonlySet<string> = new Set([
  'residential',
  'usHasDaylightSavings',
  'usMailingsDefaultFlag',
  'vacant',
]);

/** The marker a street-range answer carries (docs/verification.md, "Street ranges"). */
export const RANGE_MARKER = 'Street range: premise not confirmed';

/** A county FIPS from the layers, else the ZIP's first county. */
const layerCounty = (f: UsDetailFacts) => f.census.usCensusFIPS;

function countyName(f: UsDetailFacts): string | undefined {
  const fips = layerCounty(f);
  // The ZIP's first county would be another county's name where the layers place it elsewhere.
  const name = fips
    ? (f.areas?.county?.name ?? f.zip?.counties.find((c) => c.fips === fips)?.name)
    : f.zip?.counties[0]?.name;
  return name?.toUpperCase();
}

const street = (f: UsDetailFacts) => f.v.street;
const census = (field: keyof CensusDetails, layer: string, when: string) =>
  row(field, ['TIGER layers'], `${layer} imported and ${when}`, (f) => f.census[field]);

export const US_DETAIL_FIELDS: readonly Row[] = [
  row(
    'county',
    ['TIGER layers', 'ZIP tables'],
    "a US ZIP: the COUNTY layer's name where imported, else the ZIP's county",
    countyName,
  ),
  row(
    'countyNum',
    ['TIGER layers', 'ZIP tables'],
    'a US ZIP: the county FIPS, from the layers where they place the address',
    (f) => layerCounty(f)?.slice(2) ?? f.zip?.counties[0]?.fips.slice(-3),
  ),
  row('usTimeZone', ['ZIP tables'], 'a US ZIP: the IANA zone of its centre', (f) => f.zip?.timeZone),
  row('usHasDaylightSavings', ['ZIP tables'], 'a US ZIP with a time zone', (f) => f.zip?.hasDst),
  row(
    'usCongressionalDistrictNumber',
    ['TIGER layers', 'ZIP tables'],
    "the CD layer holds the address, else the ZIP's ZCTA lies in one district (`AL` at large)",
    (f) => f.census.usCongressionalDistrictNumber ?? f.zctaDistrict,
  ),
  row(
    'streetNumber',
    ['parse', 'points'],
    "a house number is given (the point's where matched)",
    (f) => f.v.number,
  ),
  row(
    'streetName',
    ['parse', 'points', 'ranges'],
    'a street is read, with its pre-type ("US HWY 31E")',
    (f) => {
      const s = street(f);
      return s?.name ? [s.preType, s.name].filter(Boolean).join(' ') : undefined;
    },
  ),
  row('streetType', ['parse', 'points', 'ranges'], 'the street has a type', (f) => street(f)?.type),
  row(
    'preDirection',
    ['parse', 'points', 'ranges'],
    'the street has a pre-directional',
    (f) => street(f)?.preDirection,
  ),
  row(
    'postDirection',
    ['parse', 'points', 'ranges'],
    'the street has a post-directional',
    (f) => street(f)?.postDirection,
  ),
  row(
    'streetDirection',
    ['parse', 'points', 'ranges'],
    'the street has a directional (the pre-directional first)',
    (f) => street(f)?.preDirection ?? street(f)?.postDirection,
  ),
  row(
    'suiteKey',
    ['parse', 'points'],
    "a unit designator is given or the unit's point has one",
    (f) => f.v.unit?.designator,
  ),
  row('suiteID', ['parse', 'points'], 'a unit id is given', (f) => f.v.unit?.id),
  row('boxID', ['parse'], 'a PO box is given', (f) => f.v.poBox),
  row('extraInfo', ['ranges'], `a street range, not a point, confirmed the number: "${RANGE_MARKER}"`, (f) =>
    f.v.depth === 'range' && f.v.status !== 'failed' ? RANGE_MARKER : undefined,
  ),
  row(
    'residential',
    ['NAD'],
    "a matched NAD point's Addr_Type is residential (true) or a non-residential type (false)",
    (f) => f.delivery.residential,
  ),
  row(
    'usMailingsDeliveryPoint',
    ['NAD', 'ranges'],
    "a matched point or range side with a ZIP+4 (USPS's default rule)",
    (f) => f.delivery.usMailingsDeliveryPoint,
  ),
  row(
    'usMailingCheckDigit',
    ['NAD', 'ranges'],
    'with usMailingsDeliveryPoint',
    (f) => f.delivery.usMailingCheckDigit,
  ),
  row(
    'usPostnetBarcode',
    ['NAD', 'ranges'],
    'with usMailingsDeliveryPoint',
    (f) => f.delivery.usPostnetBarcode,
  ),
  census('usCensusFIPS', 'COUNTY, TABBLOCK20 or TRACT', 'an area of it holds the address'),
  census('usCensusTractNumber', 'TRACT or TABBLOCK20', 'a tract holds the address'),
  census('usCensusBlockNumber', 'TABBLOCK20', 'a block holds the address'),
  census('usCensusMSA', 'CBSA', 'a CBSA holds the address'),
  census('usCensusMA', 'CBSA', 'a metropolitan CBSA (LSAD M1) holds the address'),
  census('usCensusCMSA', 'CSA', 'a CSA holds the address'),
  census('usCensusPMSA', 'METDIV', 'a metropolitan division holds the address'),
  census('usStateLegislativeUpper', 'SLDU', 'a district (not ZZZ) holds the address'),
  census('usStateLegislativeLower', 'SLDL', 'a district (not ZZZ) holds the address'),
  none('usMailingsDefaultFlag'),
  none('vacant'),
  none('deliveryInstallationAreaName'),
  none('deliveryInstallationQualifier'),
  none('deliveryInstallationType'),
  none('ruralRouteNumber'),
  none('ruralRouteType'),
  none('usMailingsCarrierRoute'),
  none('usMailingsDpvConfirmationIndicator'),
  none('usMailingsDpvCrmaIndicator'),
  none('usMailingsDpvFootnote1'),
  none('usMailingsDpvFootnote2'),
  none('usMailingsDpvFootnote3'),
  none('usMailingsElotAscDesc'),
  none('usMailingsElotSequenceNumber'),
  none('usMailingsEWSFlag'),
  none('usMailingsLACSFlag'),
  none('usMailingsLACSReturnCode'),
  none('usMailingsRecordTypeCode'),
  none('usMailingsSuiteLinkReturnCode'),
];
