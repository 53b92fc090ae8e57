import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkPostcode,
  formatLines,
  type IntlPoint,
  MemoryIntlSource,
  namesNear,
  streetMatchKey,
  streetTypoDistance,
  typoCandidates,
  verifyIntl,
} from '../../../../src/engines/address/intl/index.js';
import { regionsNamed } from '../../../../src/engines/address/intl/regions.js';
import { readStreetLine } from '../../../../src/engines/address/intl/street-line.js';

const point = (over: Partial<IntlPoint>): IntlPoint => ({
  id: '0'.repeat(32),
  country: 'GB',
  zip: 'SW1A 2AA',
  state: 'ENGLAND',
  city: 'LONDON',
  number: '10',
  street: { name: 'DOWNING STREET' },
  lat: 51.5034,
  lon: -0.1277,
  ...over,
});

const source = new MemoryIntlSource([
  point({}),
  point({
    id: '1'.repeat(32),
    number: '5',
    unitDesignator: 'FLAT',
    unitId: '1',
    street: { name: 'HIGH STREET' },
    zip: 'SW1A 1AA',
  }),
  point({
    id: '2'.repeat(32),
    number: '5',
    unitDesignator: 'FLAT',
    unitId: '2',
    street: { name: 'HIGH STREET' },
    zip: 'SW1A 1AA',
  }),
]);

describe('postal codes', () => {
  test('checked against the country format and written as the post writes them', () => {
    assert.deepEqual(checkPostcode('GB', 'sw1a2aa'), { state: 'valid', code: 'SW1A 2AA' });
    assert.deepEqual(checkPostcode('NL', '1015cj'), { state: 'valid', code: '1015 CJ' });
    assert.deepEqual(checkPostcode('JP', '1000005'), { state: 'valid', code: '100-0005' });
    assert.deepEqual(checkPostcode('BR', '01304000'), { state: 'valid', code: '01304-000' });
    assert.equal(checkPostcode('DE', '6879').state, 'invalid');
    assert.equal(checkPostcode('DE', '').state, 'empty');
  });
});

describe('street lines in any order', () => {
  test('number first, number last, after a comma, with a unit before', () => {
    assert.deepEqual(readStreetLine(['10 Downing Street']), { number: '10', street: 'Downing Street' });
    assert.deepEqual(readStreetLine(['Hockenheimer Str. 43']), { number: '43', street: 'Hockenheimer Str.' });
    assert.deepEqual(readStreetLine(['Calle Mayor, 5']), { number: '5', street: 'Calle Mayor' });
    assert.deepEqual(readStreetLine(['Flat 3, 221B Baker Street']), {
      number: '221B',
      street: 'Baker Street',
      unit: { text: 'Flat 3', designator: 'FLAT', id: '3' },
    });
  });

  test('street keys match long and short types and compounds', () => {
    assert.equal(streetMatchKey('Hockenheimer Str.'), streetMatchKey('HOCKENHEIMER STRASSE'));
    assert.equal(streetMatchKey('Hockenheimerstraße'), streetMatchKey('Hockenheimer Straße'));
    assert.equal(streetMatchKey('Downing St'), streetMatchKey('DOWNING STREET'));
  });
});

describe('regions and the postal format', () => {
  test('codes and local names resolve to the same region', () => {
    assert.equal(regionsNamed('DE', 'BY')[0].name, 'Bayern');
    assert.equal(regionsNamed('DE', 'Bavaria')[0].code, 'BY');
    assert.equal(regionsNamed('AU', 'New South Wales')[0].code, 'NSW');
    assert.equal(regionsNamed('IT', 'MI')[0].level, 'admin2');
    assert.deepEqual(regionsNamed('FR', 'Atlantis'), []);
  });

  test('line order per country (OpenCage templates)', () => {
    assert.deepEqual(
      formatLines('DE', {
        houseNumber: '43',
        road: 'Hockenheimer Str.',
        city: 'Reilingen',
        postcode: '68799',
      }),
      ['Hockenheimer Str. 43', '68799 Reilingen'],
    );
    assert.deepEqual(
      formatLines('US', {
        houseNumber: '1',
        road: 'Main St',
        city: 'Louisville',
        stateCode: 'KY',
        postcode: '40202',
      }),
      ['1 Main St', 'Louisville, KY 40202'],
    );
    // The cached layout takes each address's own values.
    assert.deepEqual(
      formatLines('DE', { houseNumber: '7', road: 'Unter den Linden', city: 'Berlin', postcode: '10117' }),
      ['Unter den Linden 7', '10117 Berlin'],
    );
  });
});

describe('how deep the match goes', () => {
  test('premise only where a point has the number', async () => {
    const r = await verifyIntl(
      { country: 'GB', line1: '10 Downing St', city: 'London', postalOrZip: 'SW1A 2AA' },
      source,
    );
    assert.equal(r.status, 'verified');
    assert.equal(r.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
  });

  test('the town only: locality, never premise', async () => {
    const r = await verifyIntl(
      { country: 'GB', line1: '99 Nowhere Road', city: 'Manchester', postalOrZip: 'M1 1AE' },
      source,
    );
    assert.equal(r.status, 'failed');
    assert.equal(r.summary.verificationStatus, 'partially_verified');
    assert.equal(r.summary.postProcessedVerificationMatchLevel, 'city');
    assert.equal(r.summary.postCodeStatus, 'postal_code_primary_identified_by_lexicon');
  });

  test('a building with flats and none given: premise, with the missing flat reported', async () => {
    const r = await verifyIntl(
      { country: 'GB', line1: '5 High Street', city: 'London', postalOrZip: 'SW1A 1AA' },
      source,
    );
    assert.equal(r.status, 'failed');
    assert.deepEqual(r.errors.line1, ['Missing Value: Suite identifier']);
    assert.equal(r.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
  });

  test('nothing to go by: no country in a freeform line', async () => {
    const r = await verifyIntl('10 Somewhere', source);
    assert.equal(r.summary.verificationStatus, 'unverified');
    assert.deepEqual(r.errors.generic, ['Missing Value: Country']);
  });

  test('details hold only what the input and data support', async () => {
    const r = await verifyIntl(
      { country: 'GB', line1: '10 Downing St', city: 'Nowhereville', postalOrZip: 'SW1A 2AA' },
      source,
      {
        includeDetails: true,
      },
    );
    assert.equal(r.details?.premise, '10');
    // The point's town replaced the input's: it is reported, and the town confirmed.
    assert.deepEqual(r.errors.city, ['Incorrect Value: City']);
    assert.equal(r.details?.subBuilding, undefined);
  });
});

describe('a typo in the street', () => {
  test('edits counted with types short or as written; a swap is one edit; short names get none', () => {
    assert.equal(streetTypoDistance('BAKER STRET', 'BAKER STREET'), 1);
    assert.equal(streetTypoDistance('Hockenhiemer Str.', 'HOCKENHEIMER STRASSE'), 1);
    assert.equal(streetTypoDistance('BAKER STRETE', 'PARKER ROAD'), undefined);
    assert.equal(streetTypoDistance('ELM', 'ELK'), undefined);
    // Still being typed: the stored street's start is compared.
    assert.equal(streetTypoDistance('HOCKENHIEMER', 'HOCKENHEIMER STRASSE'), undefined);
    assert.equal(streetTypoDistance('HOCKENHIEMER', 'HOCKENHEIMER STRASSE', true), 1);
  });

  test('the typo search: a bounded run of names, the nearest first', () => {
    // The first 9 letters start some name, the first 10 none: the slip is at the 10th or the 9th
    // (a swap), so the names starting with the first 8 are compared.
    assert.deepEqual(typoCandidates('BAKER STRET', 9), { from: 'BAKER ST', to: 'BAKER SU' });
    assert.deepEqual(typoCandidates('BAKR', 2), { from: 'BA', to: 'BB' });
    assert.equal(typoCandidates('ELM', 2), undefined);
    assert.deepEqual(namesNear('HOCKENHIEMER', ['HOCHSTRASSE', 'HOCKENHEIM RING', 'HOCKENHEIMER STRASSE']), [
      'HOCKENHEIMER STRASSE',
      'HOCKENHEIM RING',
    ]);
  });

  const typos = new MemoryIntlSource([
    point({}),
    point({ id: '3'.repeat(32), number: '7', street: { name: 'MILL LANE' } }),
    point({ id: '4'.repeat(32), number: '7', street: { name: 'HILL LANE' } }),
  ]);

  test('the one street a typo away, with the typed number: corrected, and reported', async () => {
    const r = await verifyIntl(
      { country: 'GB', line1: '10 Downing Stret', city: 'London', postalOrZip: 'SW1A 2AA' },
      typos,
      { includeDetails: true },
    );
    assert.equal(r.status, 'corrected');
    assert.equal(r.line1, '10 DOWNING STREET');
    assert.deepEqual(r.errors, { line1: ['Typo in Value: Street name'] });
    assert.equal(r.details?.street, 'DOWNING STREET');
    assert.equal(r.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
    assert.equal(r.summary.preProcessedVerificationMatchLevel, 'city');
    assert.ok(r.summary.matchScore < 100 && r.summary.matchScore > 80, String(r.summary.matchScore));
  });

  test('never a guess: two streets equally near, or a number the street lacks', async () => {
    const tied = await verifyIntl(
      { country: 'GB', line1: '7 Bill Lane', city: 'London', postalOrZip: 'SW1A 2AA' },
      typos,
    );
    assert.equal(tied.status, 'failed');
    assert.deepEqual(tied.errors.line1, ['Incorrect Value: Street name']);
    const number = await verifyIntl(
      { country: 'GB', line1: '12 Downing Stret', city: 'London', postalOrZip: 'SW1A 2AA' },
      typos,
    );
    assert.deepEqual(number.errors.line1, ['Incorrect Value: Street name']);
    assert.equal(number.line1, '12 DOWNING STRET');
  });
});
