import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatLines, intlPrefixPlan } from '../../src/engines/address/intl/index.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { INTL_LOOKUPS, setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { intlPrefixQuery } from '../../src/reference-store/intl-points.repo.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

const fixture = (name: string) => path.resolve(import.meta.dirname, `../fixtures/${name}`);
const ORG = 'intl-org';

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: ORG, product: 'addver' });
  for (const country of ['gb', 'de', 'nl'])
    await importPoints(server.runtime.db.pool, fixture(`intl-points-${country}.csv`), { country });
});
after(() => server.close());

const verify = (address: unknown, query = '', k = key) =>
  server.request('POST', `/v1/intl_addver/verifications${query}`, { key: k, json: { address } });

async function verified(address: unknown, query = '') {
  const res = await verify(address, query);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'success');
  return res.body.data;
}

describe('POST /v1/intl_addver/verifications: formats of 12 countries', () => {
  // Town-level inputs (no imported points): each laid out in its country's postal format.
  const cases: Array<[string, Record<string, string>, string]> = [
    ['GB', { line1: '1 Kingsway', city: 'London', postalOrZip: 'wc2b6an' }, '1 KINGSWAY, LONDON, WC2B 6AN'],
    [
      'DE',
      { line1: 'Musterstraße 5', city: 'München', postalOrZip: '80331' },
      'MUSTERSTRASSE 5, 80331 MÜNCHEN',
    ],
    ['FR', { line1: '8 Rue de Rivoli', city: 'Paris', postalOrZip: '75004' }, '8 RUE DE RIVOLI, 75004 PARIS'],
    [
      'CA',
      { line1: '290 Bremner Blvd', city: 'Toronto', provinceOrState: 'Ontario', postalOrZip: 'm5v3l9' },
      '290 BREMNER BLVD, TORONTO, ON M5V 3L9',
    ],
    [
      'US',
      { line1: '1600 Pennsylvania Ave NW', city: 'Washington', provinceOrState: 'DC', postalOrZip: '20500' },
      '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC 20500',
    ],
    [
      'AU',
      { line1: '1 George St', city: 'Sydney', provinceOrState: 'New South Wales', postalOrZip: '2000' },
      '1 GEORGE ST, SYDNEY NSW 2000',
    ],
    [
      'JP',
      { line1: '1-2-3 Marunouchi', city: 'Chiyoda-ku', provinceOrState: 'Tokyo', postalOrZip: '1000005' },
      '1-2-3 MARUNOUCHI, CHIYODA-KU, TOKYO 100-0005',
    ],
    ['NL', { line1: 'Damstraat 1', city: 'Utrecht', postalOrZip: '3511lk' }, 'DAMSTRAAT 1, 3511 LK UTRECHT'],
    [
      'IT',
      { line1: 'Via Roma 15', city: 'Milano', provinceOrState: 'MI', postalOrZip: '20121' },
      'VIA ROMA 15, 20121 MILANO MI',
    ],
    ['ES', { line1: 'Calle Mayor 5', city: 'Madrid', postalOrZip: '28013' }, 'CALLE MAYOR, 5, 28013 MADRID'],
    [
      'BR',
      { line1: 'Rua Augusta 100', city: 'São Paulo', provinceOrState: 'SP', postalOrZip: '01304000' },
      'RUA AUGUSTA 100, SÃO PAULO - SP, 01304-000',
    ],
    [
      'IN',
      { line1: '12 MG Road', city: 'Bengaluru', provinceOrState: 'Karnataka', postalOrZip: '560001' },
      '12, MG ROAD, BENGALURU - 560001, KARNATAKA',
    ],
  ];
  for (const [country, fields, formatted] of cases) {
    test(`${country}: laid out as its post writes it, confirmed to the town`, async () => {
      const data = await verified({ country, ...fields });
      assert.equal(data.formattedAddress, formatted);
      assert.equal(data.country, country);
      assert.equal(data.summary.postProcessedVerificationMatchLevel, 'city', JSON.stringify(data.summary));
      assert.equal(data.summary.verificationStatus, 'partially_verified');
      // No point confirms the street or number, so the address is not called verified.
      assert.equal(data.status, 'failed');
      assert.deepEqual(data.errors.generic, [
        'Missing Value: Reference address data for this area (street and number not confirmed)',
      ]);
    });
  }

  test('alpha-3 codes, proper case (codes and postal codes stay upper case, the GB post town too)', async () => {
    const it = await verified(
      { country: 'ITA', line1: 'via roma 15', city: 'milano', provinceOrState: 'mi', postalOrZip: '20121' },
      '?properCase=true',
    );
    assert.equal(it.formattedAddress, 'Via Roma 15, 20121 Milano MI');
    assert.equal(it.provinceOrState, 'MI');
    const gb = await verified(
      { country: 'GBR', line1: '10 downing street', city: 'london', postalOrZip: 'SW1A 2AA' },
      '?properCase=true',
    );
    assert.equal(gb.formattedAddress, '10 Downing Street, LONDON, SW1A 2AA');
  });

  test('a freeform line: country, postal code and region found from the right', async () => {
    const data = await verified('Rua Augusta 100, São Paulo - SP, 01304-000, Brazil');
    assert.equal(data.country, 'BR');
    assert.equal(data.city, 'SÃO PAULO');
    assert.equal(data.provinceOrState, 'SP');
    assert.equal(data.postalOrZip, '01304-000');
  });
});

describe('confirmed by imported points (GB, DE, NL)', () => {
  test('GB: the premise confirmed; verified, with geoData from the point where geocoding is enabled', async () => {
    const address = { country: 'GB', line1: '10 Downing Street', city: 'London', postalOrZip: 'SW1A 2AA' };
    assert.equal((await verified(address, '?geoData=true')).geoData, undefined);
    const org = await ensureOrganization(server.runtime.db.pool, ORG);
    await setPlan(server.runtime.db.pool, org.id, { geocoding: true });
    const data = await verified(
      { country: 'GB', line1: '10 Downing Street', city: 'London', postalOrZip: 'SW1A 2AA' },
      '?geoData=true&includeDetails=true',
    );
    assert.equal(data.status, 'verified');
    assert.deepEqual(data.errors, {});
    assert.equal(data.summary.verificationStatus, 'verified');
    assert.equal(data.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
    assert.equal(data.summary.postCodeStatus, 'postal_code_primary_verified');
    assert.equal(data.summary.matchScore, 100);
    assert.equal(data.details.premise, '10');
    assert.equal(data.details.street, 'DOWNING STREET');
    assert.equal(data.details.subBuilding, undefined);
    assert.deepEqual(data.geoData, { latitude: '51.503400', longitude: '-0.127700', geoAccuracy: 'P4' });
  });

  test('GB: a flat of a building with flats is a delivery point; a flat it lacks fails', async () => {
    const flat = await verified('Flat 2, 221B Baker Street, London NW1 6XE, United Kingdom');
    assert.equal(flat.status, 'verified');
    assert.equal(flat.summary.postProcessedVerificationMatchLevel, 'delivery_point');
    assert.equal(flat.line2, 'FLAT 2');
    const missing = await verified('Flat 9, 221B Baker Street, London NW1 6XE, United Kingdom');
    assert.equal(missing.status, 'failed');
    assert.deepEqual(missing.errors.line1, ['Incorrect Value: Suite identifier']);
    assert.equal(missing.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
  });

  test('DE: "Str." matches the point\'s "Straße"; a missing postal code is added from the point', async () => {
    const data = await verified({ country: 'DE', line1: 'Hockenheimer Str. 43', city: 'Reilingen' });
    assert.equal(data.status, 'corrected');
    assert.equal(data.postalOrZip, '68799');
    assert.deepEqual(data.errors.postalOrZip, ['Missing Value: Postal code']);
    assert.equal(data.summary.postCodeStatus, 'postal_code_primary_added');
    assert.equal(data.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
    assert.equal(data.summary.preProcessedVerificationMatchLevel, 'city');
  });

  test('DE: a number the street does not have stops at the thoroughfare', async () => {
    const data = await verified({
      country: 'DE',
      line1: 'Hockenheimer Straße 99',
      city: 'Reilingen',
      postalOrZip: '68799',
    });
    assert.equal(data.status, 'failed');
    assert.deepEqual(data.errors.line1, ['Incorrect Value: Civic number']);
    assert.equal(data.summary.postProcessedVerificationMatchLevel, 'thoroughfare');
  });

  test('NL: the unit-less point of a building with a unit; a street the area lacks', async () => {
    const data = await verified('Keizersgracht 123, 1015 CJ Amsterdam, Netherlands');
    assert.equal(data.status, 'verified');
    assert.equal(data.formattedAddress, 'KEIZERSGRACHT 123, 1015 CJ AMSTERDAM');
    const wrong = await verified({
      country: 'NL',
      line1: 'Herengracht 1',
      city: 'Amsterdam',
      postalOrZip: '1015 CJ',
    });
    assert.deepEqual(wrong.errors.line1, ['Incorrect Value: Street name']);
    assert.equal(wrong.summary.postProcessedVerificationMatchLevel, 'city');
  });

  test('a town in another region is a conflict', async () => {
    const data = await verified({
      country: 'AU',
      line1: '1 George St',
      city: 'Sydney',
      provinceOrState: 'VIC',
      postalOrZip: '2000',
    });
    assert.equal(data.summary.verificationStatus, 'conflict');
    assert.deepEqual(data.errors.provinceOrState, ['Incorrect Value: Province or state']);
  });
});

describe('bad input is a 400 naming the field', () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ line1: '1 Main St', city: 'X' }, /address\.country/],
    [{ country: 'ZZ', line1: '1 Main St' }, /address\.country/],
    [{ country: 'GB', city: 'London' }, /address\.line1/],
    [{ country: 'GB', line1: 5 }, /address\.line1/],
    [['x'], /address/],
    ['   ', /address/],
  ];
  for (const [address, field] of cases)
    test(JSON.stringify(address), async () => {
      const res = await verify(address);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.status, 'error');
      assert.match(res.body.message, field);
    });
});

describe('POST /v1/intl_addver/verifications/batch', () => {
  test('results in input order; bad items get their own error; both item forms', async () => {
    const res = await server.request(
      'POST',
      '/v1/intl_addver/verifications/batch?useEnhancedChinaDataset=true',
      {
        key,
        json: {
          addresses: [
            { country: 'GB', line1: '10 Downing Street', city: 'London', postalOrZip: 'SW1A 2AA' },
            { address: 'Keizersgracht 123, 1015 CJ Amsterdam, Netherlands' },
            { country: 'GB', city: 'London' },
            42,
          ],
        },
      },
    );
    assert.equal(res.status, 200, res.text);
    const results = res.body.data.results;
    assert.equal(results.length, 4);
    assert.equal(results[0].verifiedAddress.status, 'verified');
    assert.equal(results[1].verifiedAddress.country, 'NL');
    assert.match(results[2].error, /line1/);
    assert.match(results[3].error, /addresses\[3\]/);
  });

  test('an address that does not verify carries its error in the words of its errors, and no verifiedAddress', async () => {
    const flat9 = 'Flat 9, 221B Baker Street, London NW1 6XE, United Kingdom';
    const res = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key,
      json: { addresses: [flat9, 'Flat 2, 221B Baker Street, London NW1 6XE, United Kingdom'] },
    });
    assert.equal(res.status, 200, res.text);
    const [missing, flat] = res.body.data.results;
    assert.deepEqual(missing, { error: 'line1: Incorrect Value: Suite identifier' });
    assert.equal(flat.verifiedAddress.status, 'verified');
  });

  test('a freeform address naming no country is refused like a structured one without: not charged', async () => {
    const k = await server.key({ org: 'intl-no-country', product: 'addver' });
    const used = async () => (await server.request('GET', '/v1/intl_addver', { key: k })).body.data.used;
    const single = await verify('10 Downing Street', '', k);
    assert.equal(single.status, 400, single.text);
    assert.match(single.body.message, /^address names no country/);
    assert.equal(await used(), 0);
    const res = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key: k,
      json: { addresses: ['10 Downing Street', '10 Downing Street, London SW1A 2AA, GB'] },
    });
    assert.equal(res.status, 200, res.text);
    const [none, named] = res.body.data.results;
    assert.match(none.error, /^addresses\[0\] names no country/);
    assert.equal(named.verifiedAddress.country, 'GB');
    assert.equal(await used(), 1);
  });

  test('more than 2,000 addresses is a 400; a public key is refused', async () => {
    const big = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key,
      json: { addresses: Array.from({ length: 2001 }, () => 'x') },
    });
    assert.equal(big.status, 400);
    assert.match(big.body.message, /addresses/);
    const publicKey = await server.key({ org: ORG, product: 'addver', kind: 'public' });
    const res = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key: publicKey,
      json: { addresses: ['10 Downing Street, London SW1A 2AA, UK'] },
    });
    assert.equal(res.status, 401, res.text);
    assert.match(res.body.message, /secret/);
    // A public key may still verify one address.
    assert.equal((await verify('10 Downing Street, London SW1A 2AA, UK', '', publicKey)).status, 200);
  });

  test('a print-mail key is refused', async () => {
    const pm = await server.key({ org: ORG, product: 'print-mail' });
    const res = await verify('10 Downing Street, London SW1A 2AA, UK', '', pm);
    assert.equal(res.status, 401);
    assert.match(res.body.message, /address verification key/);
  });
});

describe('GET and POST /v1/intl_addver/completions', () => {
  const previews = (query: Record<string, string>) =>
    server.request('GET', `/v1/intl_addver/completions?${new URLSearchParams(query)}`, { key });

  test('previews of type Address and Container; the container lists its units; no lookup', async () => {
    const before = (await server.request('GET', '/v1/intl_addver', { key })).body.data.used;
    const res = await previews({ partialStreet: '221b baker', countriesFilter: 'GB' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 1);
    const [container] = res.body.data;
    assert.equal(container.type, 'Container');
    assert.equal(container.text, '221B BAKER STREET');
    assert.match(container.description, /3 Addresses/);
    const units = await previews({ advanced: 'true', container: container.id });
    assert.deepEqual(
      units.body.data.map((u: { text: string; type: string }) => `${u.type} ${u.text}`),
      // The importer files every unit designator in its standard form (UNIT).
      [
        'Address UNIT 1, 221B BAKER STREET',
        'Address UNIT 2, 221B BAKER STREET',
        'Address UNIT 3, 221B BAKER STREET',
      ],
    );
    const downing = await previews({ partialStreet: 'downing' });
    assert.deepEqual(
      downing.body.data.map((u: { text: string; type: string }) => `${u.type} ${u.text}`),
      ['Address 10 DOWNING STREET', 'Address 11 DOWNING STREET'],
    );
    assert.equal((await server.request('GET', '/v1/intl_addver', { key })).body.data.used, before);
  });

  test('POST resolves an Address preview (1 lookup); verify=true verifies it', async () => {
    const [preview] = (await previews({ partialStreet: 'hockenheimer', countriesFilter: 'DE' })).body.data;
    assert.equal(preview.type, 'Address');
    const before = (await server.request('GET', '/v1/intl_addver', { key })).body.data.used;
    const res = await server.request('POST', '/v1/intl_addver/completions', {
      key,
      json: { id: preview.id },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.formattedAddress, 'HOCKENHEIMER STRASSE 43, 68799 REILINGEN');
    assert.equal(res.body.data.countryCode, 'DE');
    assert.equal((await server.request('GET', '/v1/intl_addver', { key })).body.data.used, before + 1);
    const checked = await server.request('POST', '/v1/intl_addver/completions?verify=true', {
      key,
      json: { id: preview.id },
    });
    assert.equal(checked.body.data.status, 'verified');
    assert.equal(checked.body.data.summary.postProcessedVerificationMatchLevel, 'premise_or_building');
  });

  test('properCase: a region name is cased like the lines; a region code stays as written', async () => {
    const resolved = async (partialStreet: string, countriesFilter: string) => {
      const [preview] = (await previews({ partialStreet, countriesFilter })).body.data;
      const res = await server.request('POST', '/v1/intl_addver/completions?properCase=true', {
        key,
        json: { id: preview.id },
      });
      assert.equal(res.status, 200, res.text);
      return res.body.data;
    };
    const gb = await resolved('10 downing', 'GB');
    assert.equal(gb.provinceOrState, 'England');
    assert.equal(gb.city, 'London');
    const nl = await resolved('keizersgracht', 'NL');
    assert.equal(nl.provinceOrState, 'NH');
    assert.equal(nl.provinceCode, 'NH');
  });

  test('verify=true on a unit without a designator verifies that unit, not its building', async () => {
    const found = (await previews({ partialStreet: 'keizersgracht', countriesFilter: 'NL' })).body.data;
    const unit = found.find((u: { text: string }) => u.text === 'A, KEIZERSGRACHT 123');
    assert.ok(unit, JSON.stringify(found));
    const checked = await server.request('POST', '/v1/intl_addver/completions?verify=true', {
      key,
      json: { id: unit.id },
    });
    assert.equal(checked.status, 200, checked.text);
    assert.equal(checked.body.data.status, 'verified');
    assert.equal(checked.body.data.summary.postProcessedVerificationMatchLevel, 'delivery_point');
    assert.equal(checked.body.data.line1, 'KEIZERSGRACHT 123');
    assert.equal(checked.body.data.line2, 'UNIT A');
  });

  test('bad ids and filters are 400s naming the field; an unknown id is a 404', async () => {
    const bad = await server.request('POST', '/v1/intl_addver/completions', { key, json: { id: 'nope' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^id /);
    const unknown = await server.request('POST', '/v1/intl_addver/completions', {
      key,
      json: { id: `a_${'0'.repeat(32)}` },
    });
    assert.equal(unknown.status, 404);
    const noStreet = await previews({});
    assert.equal(noStreet.status, 400);
    assert.match(noStreet.body.message, /partialStreet/);
    const filter = await previews({ partialStreet: 'x', countriesFilter: 'QQ' });
    assert.equal(filter.status, 400);
    assert.match(filter.body.message, /countriesFilter/);
    const container = await previews({ advanced: 'true', container: 'zzz' });
    assert.equal(container.status, 400);
    assert.match(container.body.message, /container/);
  });
});

describe('a typo in the street', () => {
  const previews = (query: Record<string, string>) =>
    server.request('GET', `/v1/intl_addver/completions?${new URLSearchParams(query)}`, { key });
  const texts = (res: { body: { data: Array<{ text: string }> } }) => res.body.data.map((p) => p.text);

  test('verification: "Baker Stret" and a swapped German street are corrected, and the correction reported', async () => {
    const gb = await verified('Flat 2, 221B Baker Stret, London NW1 6XE, United Kingdom');
    assert.equal(gb.status, 'corrected');
    assert.equal(gb.line1, '221B BAKER STREET');
    assert.equal(gb.line2, 'FLAT 2');
    assert.deepEqual(gb.errors, { line1: ['Typo in Value: Street name'] });
    assert.equal(gb.summary.verificationStatus, 'verified');
    assert.equal(gb.summary.postProcessedVerificationMatchLevel, 'delivery_point');
    assert.equal(gb.summary.preProcessedVerificationMatchLevel, 'city');
    assert.ok(gb.summary.matchScore < 100, String(gb.summary.matchScore));
    const de = await verified(
      { country: 'DE', line1: 'Hockenhiemer Straße 45', city: 'Reilingen', postalOrZip: '68799' },
      '?includeDetails=true',
    );
    assert.equal(de.status, 'corrected');
    assert.equal(de.formattedAddress, 'HOCKENHEIMER STRASSE 45, 68799 REILINGEN');
    assert.deepEqual(de.errors.line1, ['Typo in Value: Street name']);
    assert.equal(de.details.street, 'HOCKENHEIMER STRASSE');
  });

  test('verification: never another house number or another town', async () => {
    const number = await verified({
      country: 'DE',
      line1: 'Hockenhiemer Straße 99',
      city: 'Reilingen',
      postalOrZip: '68799',
    });
    assert.equal(number.status, 'failed');
    assert.deepEqual(number.errors.line1, ['Incorrect Value: Street name']);
    // 12 Kingsway is in Manchester: the typo is corrected there, not for an input naming London.
    const manchester = await verified({
      country: 'GB',
      line1: '12 Kingsay',
      city: 'Manchester',
      postalOrZip: 'M19 2LE',
    });
    assert.equal(manchester.status, 'corrected');
    assert.equal(manchester.line1, '12 KINGSWAY');
    const london = await verified({
      country: 'GB',
      line1: '12 Kingsay',
      city: 'London',
      postalOrZip: 'M19 2LE',
    });
    assert.equal(london.status, 'failed');
    assert.deepEqual(london.errors.line1, ['Incorrect Value: Street name']);
    assert.equal(london.city, 'LONDON');
    // Without a postal code the town's points are searched: London's Downing Street is not Manchester's.
    const town = await verified({ country: 'GB', line1: '10 Downing Stret', city: 'Manchester' });
    assert.equal(town.status, 'failed');
    assert.deepEqual(town.errors.line1, ['Incorrect Value: Street name']);
  });

  test('completions: the street a typo away, the typed word left unhighlighted', async () => {
    const res = await previews({ partialStreet: '221b baker stret', countriesFilter: 'GB' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(texts(res), ['221B BAKER STREET']);
    assert.equal(res.body.data[0].type, 'Container');
    assert.equal(res.body.data[0].highlight, '0-4,5-10');
    const exact = await previews({ partialStreet: 'hockenheimer', countriesFilter: 'DE' });
    assert.equal(exact.body.data.length, 2);
    assert.deepEqual(
      texts(await previews({ partialStreet: 'hockenhiemer', countriesFilter: 'DE' })),
      texts(exact),
    );
  });

  test('completions: a typo never changes the number or leaves the filter', async () => {
    assert.deepEqual(texts(await previews({ partialStreet: '99 hockenhiemer' })), []);
    assert.deepEqual(texts(await previews({ partialStreet: 'hockenhiemer', cityFilter: 'Berlin' })), []);
    assert.deepEqual(texts(await previews({ partialStreet: 'hockenhiemer', countriesFilter: 'NL' })), []);
  });
});

describe('completions over 15,000 points of one country', () => {
  const STREETS = 500;
  const NUMBERS = 30;
  const street = (i: number) => `RUE ${String(i).padStart(4, '0')}`;
  const line = (number: number, i: number) =>
    formatLines('BE', { houseNumber: String(number), road: street(i) })[0];
  const previews = (query: Record<string, string>) =>
    server.request('GET', `/v1/intl_addver/completions?${new URLSearchParams(query)}`, { key });
  const texts = (res: { body: { data: Array<{ text: string }> } }) => res.body.data.map((p) => p.text);

  before(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'intl-scale-'));
    const rows = ['NUMBER,STREET,UNIT,CITY,REGION,POSTCODE,LAT,LON,ID'];
    for (let i = 1; i <= STREETS; i++)
      for (let n = 1; n <= NUMBERS; n++)
        rows.push(
          `${n},${street(i)},,Bruxelles,,1000,${(50.8 + i / 1e4).toFixed(5)},${(4.3 + n / 1e4).toFixed(5)},be${i}-${n}`,
        );
    const file = path.join(dir, 'be.csv');
    await writeFile(file, `${rows.join('\n')}\n`);
    await importPoints(server.runtime.db.pool, file, { country: 'be' });
    await rm(dir, { recursive: true });
    await server.runtime.db.pool.query('ANALYZE address_points');
  });

  test('prefixes answer in order: street, then house number (2 before 10)', async () => {
    const short = await previews({ partialStreet: 'rue 0', countriesFilter: 'BE', limit: '12' });
    assert.equal(short.status, 200, short.text);
    assert.deepEqual(
      texts(short),
      Array.from({ length: 12 }, (_, n) => line(n + 1, 1)),
    );
    const numbered = await previews({ partialStreet: '17 rue 04', countriesFilter: 'BE', limit: '3' });
    assert.deepEqual(texts(numbered), [line(17, 400), line(17, 401), line(17, 402)]);
    // No country filter: every country with points is read, each along its index.
    const any = await previews({ partialStreet: 'rue 0499' });
    assert.deepEqual(
      texts(any),
      Array.from({ length: 10 }, (_, n) => line(n + 1, 499)),
    );
    const typo = await previews({ partialStreet: '5 rue 04999', countriesFilter: 'BE' });
    assert.deepEqual(texts(typo), [line(5, 499)]);
  });

  test('a keystroke walks the index and reads a bounded number of points', async () => {
    for (const [number, typed, index] of [
      [undefined, 'R', 'address_points_intl_street_line'],
      ['1', 'R', 'address_points_intl_number_street'],
      ['1', '', 'address_points_intl_number_street'],
    ] as const) {
      const q = intlPrefixQuery(intlPrefixPlan(number, typed), { countries: ['BE'] }, 200);
      const res = await server.runtime.db.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
      const scans: Array<{ index?: string; rows: number }> = [];
      const walk = (node: Record<string, unknown>) => {
        // Scans the plan holds but never ran (the other branch of the statement) do not count.
        if (node['Relation Name'] === 'address_points' && (node['Actual Loops'] as number) > 0)
          scans.push({
            index: node['Index Name'] as string | undefined,
            rows: (node['Actual Rows'] as number) * (node['Actual Loops'] as number),
          });
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(res.rows[0]['QUERY PLAN'][0].Plan);
      const message = `${number} ${typed}: ${JSON.stringify(scans)}`;
      assert.ok(
        scans.some((s) => s.index === index),
        message,
      );
      assert.ok(
        scans.every((s) => s.index !== undefined),
        message,
      );
      assert.ok(scans.reduce((sum, s) => sum + s.rows, 0) <= 200, message);
    }
  });
});

test('the routes are in the generated OpenAPI description', async () => {
  const res = await server.request('GET', '/openapi.json');
  assert.equal(res.status, 200);
  for (const route of [
    '/v1/intl_addver/verifications',
    '/v1/intl_addver/verifications/batch',
    '/v1/intl_addver/completions',
  ])
    assert.ok(res.body.paths[route], route);
});

describe('a lookup allowance of its own', () => {
  test('international lookups count apart from /v1/addver; a batch past the free limit fails whole', async () => {
    const org = await ensureOrganization(server.runtime.db.pool, 'intl-limits');
    const k = await server.key({ org: 'intl-limits', product: 'addver' });
    await setPlan(server.runtime.db.pool, org.id, { freeLimit: 2 }, INTL_LOOKUPS);
    await setPlan(server.runtime.db.pool, org.id, { freeLimit: 100 });
    assert.equal((await verify('10 Downing Street, London SW1A 2AA, UK', '', k)).status, 200);
    const intl = (await server.request('GET', '/v1/intl_addver', { key: k })).body.data;
    const standard = (await server.request('GET', '/v1/addver', { key: k })).body.data;
    assert.deepEqual(intl, { freeLimit: 2, used: 1, subscribed: false });
    assert.equal(standard.used, 0);
    const batch = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key: k,
      json: {
        addresses: ['10 Downing Street, London SW1A 2AA, UK', 'Damrak 20, 1012 LH Amsterdam, Netherlands'],
      },
    });
    assert.equal(batch.status, 402, batch.text);
    assert.equal((await server.request('GET', '/v1/intl_addver', { key: k })).body.data.used, 1);
    // The standard allowance is untouched by the international limit.
    const us = await server.request('POST', '/v1/addver/verifications', {
      key: k,
      json: { address: '1 Main St, Louisville KY 40202' },
    });
    assert.equal(us.status, 200, us.text);
  });
});

describe('completions: odd text, odd ids, and plans without geocoding', () => {
  before(() => importPoints(server.runtime.db.pool, fixture('completion-points.csv')));
  const get = (api: string, query: Record<string, string>) =>
    server.request('GET', `/v1/${api}/completions?${new URLSearchParams(query)}`, { key });

  test('a typed U+FFFF (no next character to end a prefix range at) is searched, not a 500', async () => {
    for (const partialStreet of ['a\uffff', 'downing\uffff', '10 D\uffff', 'kei\uffffzers'])
      assert.equal((await get('intl_addver', { partialStreet })).status, 200, partialStreet);
    assert.equal((await get('addver', { partialStreet: '601 van\uffff' })).status, 200);
  });

  test('a container id whose text holds a control character is a 400 naming container', async () => {
    const forged = `c_${Buffer.from(JSON.stringify(['GB', 'NW1\u00006XE', '221B', 'BAKER STREET'])).toString('base64url')}`;
    for (const query of [{ advanced: 'true', container: forged }, { container: forged }] as Record<
      string,
      string
    >[]) {
      const res = await get('intl_addver', query);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, /^container /);
    }
  });

  test('verify=true on a US point geocodes only where the plan has geocoding, the geocode charged', async () => {
    const [building] = (await get('intl_addver', { partialStreet: '601 van ness', countriesFilter: 'US' }))
      .body.data;
    assert.equal(building?.type, 'Container');
    const [unit] = (await get('intl_addver', { advanced: 'true', container: building.id })).body.data;
    assert.equal(unit?.type, 'Address');
    const resolve = async (k: string) => {
      const res = await server.request('POST', '/v1/intl_addver/completions?verify=true&geocode=true', {
        key: k,
        json: { id: unit.id },
      });
      assert.equal(res.status, 200, res.text);
      return res.body.data;
    };
    const used = async (k: string, api: string) =>
      (await server.request('GET', `/v1/${api}`, { key: k })).body.data.used;
    const plain = await server.key({ org: 'intl-no-geocoding', product: 'addver' });
    const without = await resolve(plain);
    assert.equal(without.geocodeResult, undefined);
    assert.deepEqual([await used(plain, 'intl_addver'), await used(plain, 'addver')], [1, 0]);
    const org = await ensureOrganization(server.runtime.db.pool, 'intl-geocoding');
    await setPlan(server.runtime.db.pool, org.id, { geocoding: true });
    const geo = await server.key({ org: 'intl-geocoding', product: 'addver' });
    const withGeocode = await resolve(geo);
    assert.ok(withGeocode.geocodeResult?.location, JSON.stringify(withGeocode));
    assert.deepEqual([await used(geo, 'intl_addver'), await used(geo, 'addver')], [1, 1]);
  });
});
