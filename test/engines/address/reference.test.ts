import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { reference } from '../../../src/engines/address/index.js';

test('US ZIPs: city, state, county and FIPS, time zone and DST, centroid', () => {
  const z = reference.zip('40205-1234');
  assert.ok(z);
  assert.equal(z.city, 'Louisville');
  assert.equal(z.state, 'KY');
  assert.deepEqual(z.counties[0], { name: 'Jefferson', fips: '21111' });
  assert.equal(z.timeZone, 'America/Kentucky/Louisville');
  assert.equal(z.hasDst, true);
  assert.ok(Math.abs(z.lat - 38.22) < 0.1 && Math.abs(z.lon + 85.69) < 0.1);
  assert.equal(reference.zip('85001')?.hasDst, false, 'Arizona keeps standard time');
  assert.equal(reference.zip('09001')?.military, true);
  assert.equal(reference.zip('09001')?.timeZone, undefined);
  assert.equal(reference.zip('00000'), undefined);
});

test('ZIPs for a city, and the states a city name is found in', () => {
  const zips = reference.zipsForCity('louisville', 'Kentucky');
  assert.ok(zips.length > 30);
  assert.ok(zips.every((z) => z.state === 'KY'));
  assert.ok(zips.some((z) => z.zip === '40205'));
  assert.deepEqual(reference.zipsForCity('Louisville', 'ZZ'), []);
  assert.ok(reference.statesForCity('Springfield')?.has('IL'));
});

test('Canadian FSAs: province and centroid', () => {
  const f = reference.fsa('K1A 0B1');
  assert.equal(f?.province.code, 'ON');
  assert.equal(f?.rural, false);
  assert.equal(reference.fsa('H2X')?.province.code, 'QC');
  assert.equal(reference.fsa('X0A')?.province.code, 'NU');
  assert.equal(reference.fsa('T0A')?.rural, true);
  assert.equal(reference.fsa('ZZZ'), undefined);
});

test('countries by alpha-2, alpha-3 and names in several languages', () => {
  assert.equal(reference.country('us')?.alpha3, 'USA');
  assert.equal(reference.country('USA')?.alpha2, 'US');
  assert.equal(reference.country('United States')?.alpha2, 'US');
  assert.equal(reference.country('Deutschland')?.alpha2, 'DE');
  assert.equal(reference.country('Allemagne')?.alpha2, 'DE');
  assert.equal(reference.country('España')?.alpha2, 'ES');
  assert.equal(reference.country('Nowhere Land'), undefined);
});

test('postcode formats for about 190 countries', () => {
  assert.equal(reference.isValidPostcode('DE', '47877'), true);
  assert.equal(reference.isValidPostcode('DE', '4787'), false);
  assert.equal(reference.isValidPostcode('GB', 'EC1N 8QX'), true);
  assert.equal(reference.isValidPostcode('CA', 'K1A 0B1'), true);
  assert.equal(reference.isValidPostcode('CA', '12345'), false);
  assert.equal(reference.isValidPostcode('NLD', '1234 AB'), true);
  assert.equal(reference.isValidPostcode('BR', '18180-000'), true);
  assert.ok(reference.postcodeFormat('FR')?.description);
});

test('states and provinces by code or name', () => {
  const ky = reference.stateByNameOrCode('ky');
  assert.equal(ky?.country, 'US');
  assert.deepEqual(ky, reference.stateByNameOrCode('Kentucky'));
  assert.equal(ky?.country === 'US' ? ky.state.name : undefined, 'Kentucky');
  const qc = reference.stateByNameOrCode('Québec');
  assert.equal(qc?.country, 'CA');
  assert.equal(reference.stateByNameOrCode('ON', 'US'), undefined);
  assert.equal(reference.stateByNameOrCode('Atlantis'), undefined);
});

test('congressional districts by ZIP, from the compact ZCTA table', () => {
  assert.deepEqual(reference.congressionalDistricts('40205'), [
    { state: 'KY', district: '3', atLarge: false },
  ]);
  assert.deepEqual(
    reference.congressionalDistricts('20001').map((d) => d.atLarge),
    [true],
  );
  const straddling = reference.congressionalDistricts('30165');
  assert.deepEqual(new Set(straddling.map((d) => d.state)), new Set(['AL', 'GA']));
  assert.deepEqual(reference.congressionalDistricts('00000'), []);
});

test('the compact district table holds every row of a tenth of the source CSV (test/fixtures)', () => {
  const csv = resolve(
    dirname(fileURLToPath(import.meta.url)),
    '../../fixtures/zcta-congressional-district-sample.csv',
  );
  const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1);
  assert.ok(rows.length > 4000, `${rows.length} rows in ${csv}`);
  for (const row of rows) {
    const [, state, zcta, cd] = row.trim().split(',');
    const found = reference
      .congressionalDistricts(zcta)
      .some((d) => d.state === state && d.district === String(Number(cd)));
    assert.ok(found, row);
  }
});

test('world towns: US towns that are no ZIP preferred city, and towns abroad', () => {
  assert.ok(reference.townRegions('College Park').includes('US-GA'));
  assert.ok(reference.townRegions('Méry-sur-Oise').includes('FR'));
  assert.ok(reference.townRegions('mery sur oise').includes('FR'));
  assert.deepEqual(reference.townRegions('Nowhere Special Town'), []);
});
