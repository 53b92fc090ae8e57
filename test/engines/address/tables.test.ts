import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CANADA_STREET_TYPES,
  canadaStreetType,
  POSTAL_LETTER_PROVINCE,
  PROVINCES,
  province,
} from '../../../src/engines/address/tables/canada.js';
import { DIRECTIONAL_FULL, directional } from '../../../src/engines/address/tables/directionals.js';
import { INTL_REGIONS, intlRegion } from '../../../src/engines/address/tables/intl-regions.js';
import {
  endsWithIntlStreetSuffix,
  INTL_PREFIX_TYPES,
} from '../../../src/engines/address/tables/intl-street-words.js';
import {
  CARDINAL_WORDS,
  ORDINAL_NUMBER,
  ORDINAL_WORDS,
} from '../../../src/engines/address/tables/number-words.js';
import { US_STATES, usState } from '../../../src/engines/address/tables/us-states.js';
import { USPS_SUFFIXES, uspsSuffix } from '../../../src/engines/address/tables/usps-street-suffixes.js';
import {
  UNIT_DESIGNATORS,
  unitDesignator,
} from '../../../src/engines/address/tables/usps-unit-designators.js';

test('USPS suffixes: every variant maps to the Pub 28 standard abbreviation and full name', () => {
  const cases: Array<[string, string, string]> = [
    ['AVENUE', 'AVE', 'AVENUE'],
    ['AVNUE', 'AVE', 'AVENUE'],
    ['AV', 'AVE', 'AVENUE'],
    ['STREET', 'ST', 'STREET'],
    ['STRT', 'ST', 'STREET'],
    ['BOULV', 'BLVD', 'BOULEVARD'],
    ['CRSENT', 'CRES', 'CRESCENT'],
    ['PKY', 'PKWY', 'PARKWAY'],
    ['HIWAY', 'HWY', 'HIGHWAY'],
    ['JCTN', 'JCT', 'JUNCTION'],
    ['XING', 'XING', 'CROSSING'],
    ['CRSSNG', 'XING', 'CROSSING'],
    ['TRNPK', 'TPKE', 'TURNPIKE'],
    ['VILLIAGE', 'VLG', 'VILLAGE'],
    ['CNTR', 'CTR', 'CENTER'],
    ['CENTRE', 'CTR', 'CENTER'],
    ['PARKS', 'PARK', 'PARKS'],
    ['LN', 'LN', 'LANE'],
    ['CIRCL', 'CIR', 'CIRCLE'],
    ['MEDOWS', 'MDWS', 'MEADOWS'],
    ['TER', 'TER', 'TERRACE'],
    ['STRAVN', 'STRA', 'STRAVENUE'],
    ['FRWY', 'FWY', 'FREEWAY'],
    ['WY', 'WAY', 'WAY'],
  ];
  for (const [variant, abbr, full] of cases) {
    assert.deepEqual(uspsSuffix(variant), { abbr, full }, variant);
  }
  assert.equal(uspsSuffix('MAIN'), undefined);
  // Pub 28 C1 lists a little over 200 primary names and ~500 spellings.
  const primaries = new Set([...USPS_SUFFIXES.values()].map((e) => e.full));
  assert.ok(primaries.size >= 200, `only ${primaries.size} primary suffixes`);
  assert.ok(USPS_SUFFIXES.size >= 480, `only ${USPS_SUFFIXES.size} spellings`);
  for (const e of USPS_SUFFIXES.values())
    assert.equal(uspsSuffix(e.abbr)?.abbr, e.abbr, `abbr ${e.abbr} maps to itself`);
});

test('directionals: English, Spanish and French forms', () => {
  assert.equal(directional('NORTHEAST')?.abbr, 'NE');
  assert.equal(directional('SW')?.full, 'SOUTHWEST');
  assert.equal(directional('OESTE')?.abbr, 'O');
  assert.equal(directional('OESTE')?.lang, 'es');
  assert.equal(directional('NORD-OUEST')?.abbr, 'NO');
  assert.equal(directional('EST'), undefined, 'EST is ESTATE, not east');
  assert.equal(directional('NO'), undefined, 'NO is a number sign');
  assert.equal(DIRECTIONAL_FULL.NW, 'NORTHWEST');
});

test('unit designators: Pub 28 C2 with the requires-id column', () => {
  const requires = [
    'APT',
    'BLDG',
    'DEPT',
    'FL',
    'HNGR',
    'KEY',
    'LOT',
    'PIER',
    'RM',
    'SLIP',
    'SPC',
    'STOP',
    'STE',
    'TRLR',
    'UNIT',
  ];
  const none = ['BSMT', 'FRNT', 'LBBY', 'LOWR', 'OFC', 'PH', 'REAR', 'SIDE', 'UPPR'];
  for (const a of requires) assert.equal(unitDesignator(a)?.requiresId, true, a);
  for (const a of none) assert.equal(unitDesignator(a)?.requiresId, false, a);
  assert.equal(unitDesignator('APARTMENT')?.abbr, 'APT');
  assert.equal(unitDesignator('SUITE')?.abbr, 'STE');
  assert.equal(unitDesignator('PENTHOUSE')?.abbr, 'PH');
  assert.equal(unitDesignator('FLOOR')?.isLevel, true);
  assert.equal(unitDesignator('SUITE')?.isLevel, false);
  assert.equal(unitDesignator('#')?.requiresId, true);
  // Spellings seen in practice beyond Pub 28: a misspelt building, a mail stop code.
  assert.equal(unitDesignator('BLG')?.abbr, 'BLDG');
  assert.equal(unitDesignator('MSC')?.requiresId, true);
  assert.ok(UNIT_DESIGNATORS.size >= 50);
});

test('US states: 50 states, DC, territories, freely associated states and military codes', () => {
  assert.equal(US_STATES.filter((s) => s.kind === 'state').length, 50);
  assert.deepEqual(
    US_STATES.filter((s) => s.kind === 'military').map((s) => s.code),
    ['AA', 'AE', 'AP'],
  );
  assert.equal(usState('KY')?.name, 'Kentucky');
  assert.equal(usState('KENTUCKY')?.code, 'KY');
  assert.equal(usState('NEW YORK')?.fips, '36');
  assert.equal(usState('PR')?.kind, 'territory');
  assert.equal(usState('CALIF')?.code, 'CA');
  assert.equal(usState('N Y')?.code, 'NY');
  assert.equal(usState('ZZ'), undefined);
  assert.equal(new Set(US_STATES.map((s) => s.code)).size, US_STATES.length, 'codes are unique');
});

test('Canada: provinces in both languages, postal letters, street types EN and FR', () => {
  assert.equal(PROVINCES.length, 13);
  assert.equal(province('QUÉBEC')?.code, 'QC');
  assert.equal(province('COLOMBIE-BRITANNIQUE')?.code, 'BC');
  assert.equal(province('PQ')?.code, 'QC');
  assert.equal(POSTAL_LETTER_PROVINCE.K, 'ON');
  assert.equal(POSTAL_LETTER_PROVINCE.V, 'BC');
  assert.equal(canadaStreetType('BOULEVARD')?.abbr, 'BLVD');
  assert.equal(canadaStreetType('CHEMIN')?.abbr, 'CH');
  assert.equal(canadaStreetType('CROISSANT')?.lang, 'fr');
  assert.equal(canadaStreetType('CRESCENT')?.abbr, 'CRES');
  assert.ok(CANADA_STREET_TYPES.length >= 140, `${CANADA_STREET_TYPES.length} types`);
});

test('international street words and number words', () => {
  assert.ok(INTL_PREFIX_TYPES.has('CALLE'));
  assert.ok(INTL_PREFIX_TYPES.has('RUE'));
  assert.ok(INTL_PREFIX_TYPES.has('JALAN'));
  assert.ok(endsWithIntlStreetSuffix('HAUPTSTRASSE'));
  assert.ok(endsWithIntlStreetSuffix('KERKSTRAAT'));
  assert.ok(endsWithIntlStreetSuffix('VEI'));
  assert.ok(!endsWithIntlStreetSuffix('MAIN'));
  assert.ok(!endsWithIntlStreetSuffix('WEG'.slice(1)));
  assert.equal(CARDINAL_WORDS.get('ONE'), 1);
  assert.equal(CARDINAL_WORDS.get('FIFTY'), 50);
  assert.equal(ORDINAL_WORDS.get('SECOND'), 2);
  assert.ok(ORDINAL_NUMBER.test('52ND'));
  assert.ok(!ORDINAL_NUMBER.test('52'));
});

test('regions outside North America: Australian states, Brazilian UFs, Mexican states', () => {
  const count = (cc: string) => INTL_REGIONS.filter((r) => r.country === cc).length;
  assert.equal(count('AU'), 8);
  assert.equal(count('BR'), 27);
  // 31 states; Ciudad de México is read as the city.
  assert.equal(count('MX'), 31);
  assert.equal(intlRegion('MX', 'NUEVO LEÓN')?.code, 'NL');
  assert.equal(intlRegion('MX', 'NUEVO LEON')?.code, 'NL');
  assert.equal(intlRegion('MX', 'BAJA-CALIFORNIA')?.code, 'BC');
  assert.equal(intlRegion('BR', 'SAO PAULO')?.code, 'SP');
  assert.equal(intlRegion('AU', 'NSW')?.name, 'New South Wales');
  assert.equal(intlRegion('MX', 'CIUDAD DE MÉXICO'), undefined);
});
