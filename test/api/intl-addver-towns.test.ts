import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// Towns that real addresses name in ways a list of cities does not (intl/town-forms.ts): the
// country, postal code and town right at format level, with no error for the form itself.
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'intl-towns', product: 'addver' });
});
after(() => server.close());

async function verified(address: unknown, query = '?includeDetails=true') {
  const res = await server.request('POST', `/v1/intl_addver/verifications${query}`, {
    key,
    json: { address },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Only the one error every format-level answer has: no point confirms the street. */
const NO_POINTS = {
  generic: ['Missing Value: Reference address data for this area (street and number not confirmed)'],
};

function atTown(data: Record<string, unknown>, country: string, city: string, postalOrZip: string) {
  const summary = data.summary as Record<string, string>;
  assert.equal(data.country, country, JSON.stringify(data));
  assert.equal(data.city, city, JSON.stringify(data));
  assert.equal(data.postalOrZip, postalOrZip, JSON.stringify(data));
  assert.equal(summary.postProcessedVerificationMatchLevel, 'city', JSON.stringify(summary));
  assert.equal(summary.verificationStatus, 'partially_verified');
}

describe('a city-state named alone, or not at all', () => {
  const cases: Array<[unknown, string, string, string]> = [
    ['1 Raffles Place, Singapore 048616', 'SG', 'SINGAPORE', '048616'],
    [{ country: 'SG', line1: '1 Raffles Place', postalOrZip: '048616' }, 'SG', 'SINGAPORE', '048616'],
    ['2 Avenue de Monte-Carlo, 98000 Monaco', 'MC', 'MONACO', '98000'],
    [{ country: 'MC', line1: '2 Avenue de Monte-Carlo' }, 'MC', 'MONACO', '98000'],
    ["1 Queen's Road Central, Hong Kong", 'HK', 'HONG KONG', ''],
    [{ country: 'HK', line1: "1 Queen's Road Central", city: 'Central' }, 'HK', 'HONG KONG', ''],
    ['Avenida de Almeida Ribeiro 1, Macau', 'MO', 'MACAU', ''],
    ['Via della Conciliazione 1, 00120 Vatican City', 'VA', 'CITTÀ DEL VATICANO', '00120'],
    [{ country: 'VA', line1: 'Piazza San Pietro 1' }, 'VA', 'CITTÀ DEL VATICANO', '00120'],
    ['1 Main Street, Gibraltar GX11 1AA', 'GI', 'GIBRALTAR', 'GX11 1AA'],
  ];
  for (const [address, country, city, postalOrZip] of cases)
    test(JSON.stringify(address), async () => {
      const data = await verified(address);
      atTown(data, country, city, postalOrZip);
      // Its one postal code is filled where the input left it out (a correction, as a point's would be).
      const filled = typeof address === 'object' && postalOrZip && !('postalOrZip' in (address as object));
      assert.deepEqual(
        data.errors,
        filled ? { ...NO_POINTS, postalOrZip: ['Missing Value: Postal code'] } : NO_POINTS,
      );
      assert.equal(data.details.cityName, city);
    });

  test('a place of the city-state named as its town is its district', async () => {
    const data = await verified({ country: 'HK', line1: "1 Queen's Road Central", city: 'Central' });
    assert.equal(data.details.dependentLocality, 'CENTRAL');
  });

  test('a freeform line naming a city-state by its town needs no country', async () => {
    const res = await server.request('POST', '/v1/intl_addver/verifications/batch', {
      key,
      json: { addresses: ['1 Raffles Place, Singapore 048616', '1 Raffles Place'] },
    });
    assert.equal(res.status, 200, res.text);
    // Found in Singapore and verified to the town (a format-level answer fails, so it comes as its errors).
    const [named, none] = res.body.data.results;
    assert.equal(named.error, `generic: ${NO_POINTS.generic[0]}`);
    assert.match(none.error, /names no country/);
  });
});

describe('postal districts written as the town', () => {
  test('Dublin 1–24 and 6W: the district is the town line, its Eircode routing key checked', async () => {
    for (const [city, postalOrZip, answer] of [
      ['Dublin 2', 'D02 X285', 'DUBLIN 2'],
      ['Dublin 02', 'D02X285', 'DUBLIN 2'],
      ['D6W', 'D6W F123', 'DUBLIN 6W'],
      ['Dublin 24', 'D24 X285', 'DUBLIN 24'],
    ]) {
      const data = await verified({ country: 'IE', line1: '1 Main Street', city, postalOrZip });
      atTown(data, 'IE', answer, postalOrZip.replace(/^(\w{3})(\w{4})$/, '$1 $2'));
      assert.deepEqual(data.errors, NO_POINTS, city);
      assert.equal(data.details.citySecondary, 'DUBLIN');
    }
    const wrong = await verified({
      country: 'IE',
      line1: '1 Main Street',
      city: 'Dublin 2',
      postalOrZip: 'D04 X285',
    });
    assert.deepEqual(wrong.errors.city, ['Incorrect Value: City']);
    assert.equal(wrong.summary.verificationStatus, 'conflict');
  });

  test('København K, V, Ø, N, S, NV, SV: the district in the town line, its postal codes checked', async () => {
    for (const [city, postalOrZip, answer] of [
      ['København K', '1050', 'KØBENHAVN K'],
      ['Copenhagen V', '1620', 'KØBENHAVN V'],
      ['København Ø', '2100', 'KØBENHAVN Ø'],
      ['Kobenhavn N', '2200', 'KØBENHAVN N'],
      ['København S', '2300', 'KØBENHAVN S'],
      ['København NV', '2400', 'KØBENHAVN NV'],
      ['København SV', '2450', 'KØBENHAVN SV'],
    ]) {
      const data = await verified({ country: 'DK', line1: 'Vesterbrogade 1', city, postalOrZip });
      atTown(data, 'DK', answer, postalOrZip);
      assert.deepEqual(data.errors, NO_POINTS, city);
      assert.equal(data.formattedAddress, `VESTERBROGADE 1, ${postalOrZip} ${answer}`);
    }
    const freeform = await verified('Vesterbrogade 1, 1620 København V, Denmark');
    atTown(freeform, 'DK', 'KØBENHAVN V', '1620');
    const wrong = await verified({
      country: 'DK',
      line1: 'Vesterbrogade 1',
      city: 'København V',
      postalOrZip: '2100',
    });
    assert.deepEqual(wrong.errors.city, ['Incorrect Value: City']);
  });
});

describe('arrondissements written as the town', () => {
  test('Paris 1er–20e, Lyon and Marseille: the town alone, the arrondissement in details, its postal code', async () => {
    const paris = await verified({
      country: 'FR',
      line1: '8 Rue de Rivoli',
      city: 'Paris 4e',
      postalOrZip: '75004',
    });
    atTown(paris, 'FR', 'PARIS', '75004');
    assert.deepEqual(paris.errors, NO_POINTS);
    assert.equal(paris.formattedAddress, '8 RUE DE RIVOLI, 75004 PARIS');
    assert.equal(paris.details.dependentLocality, '4E ARRONDISSEMENT');
    // Without a postal code the arrondissement's fills it, reported as the correction it is.
    const filled = await verified({ country: 'FR', line1: '1 Rue de la Paix', city: 'Paris 1er' });
    atTown(filled, 'FR', 'PARIS', '75001');
    assert.deepEqual(filled.errors.postalOrZip, ['Missing Value: Postal code']);
    assert.equal(filled.summary.postCodeStatus, 'postal_code_primary_added');
    // The 16e has two postal codes: none is guessed, either is right.
    const seizieme = await verified({
      country: 'FR',
      line1: '1 Avenue Foch',
      city: 'Paris 16e',
      postalOrZip: '75116',
    });
    atTown(seizieme, 'FR', 'PARIS', '75116');
    for (const [city, postalOrZip, town] of [
      ['Paris 20e', '75020', 'PARIS'],
      ['Lyon 2e', '69002', 'LYON'],
      ['Lyon 09', '69009', 'LYON'],
      ['Marseille 8e', '13008', 'MARSEILLE'],
      ['Marseille 16ème', '13016', 'MARSEILLE'],
    ]) {
      const data = await verified({ country: 'FR', line1: '1 Rue de la République', city, postalOrZip });
      atTown(data, 'FR', town, postalOrZip);
      assert.deepEqual(data.errors, NO_POINTS, city);
    }
    const wrong = await verified({
      country: 'FR',
      line1: '8 Rue de Rivoli',
      city: 'Paris 8e',
      postalOrZip: '75004',
    });
    assert.deepEqual(wrong.errors.city, ['Incorrect Value: City']);
  });
});

describe("Tokyo's wards and Berlin's districts", () => {
  test('a ward is the town, Tokyo the region (filled where left out); a ward other cities share needs Tokyo', async () => {
    const minato = await verified({
      country: 'JP',
      line1: '1-1 Shibakoen',
      city: 'Minato-ku',
      provinceOrState: 'Tokyo',
      postalOrZip: '1050011',
    });
    atTown(minato, 'JP', 'MINATO-KU', '105-0011');
    assert.deepEqual(minato.errors, NO_POINTS);
    assert.equal(minato.details.cityType, 'WARD');
    assert.equal(minato.details.provinceOrStateType, 'METROPOLIS');
    const shibuya = await verified({
      country: 'JP',
      line1: '1-1 Jingumae',
      city: 'Shibuya City',
      postalOrZip: '1500001',
    });
    atTown(shibuya, 'JP', 'SHIBUYA-KU', '150-0001');
    assert.equal(shibuya.provinceOrState, 'TOKYO');
    assert.deepEqual(shibuya.errors.provinceOrState, ['Missing Value: Province or state']);
    const freeform = await verified('1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan');
    atTown(freeform, 'JP', 'CHIYODA-KU', '100-0005');
    assert.deepEqual(freeform.errors, NO_POINTS);
  });

  test('a district of Berlin with the city, or alone with a Berlin postal code, is Berlin', async () => {
    for (const [city, postalOrZip, district] of [
      ['Berlin-Mitte', '10117', 'MITTE'],
      ['Berlin Kreuzberg', '10997', 'KREUZBERG'],
      ['Berlin-Charlottenburg-Wilmersdorf', '10707', 'CHARLOTTENBURG-WILMERSDORF'],
      ['Kreuzberg', '10997', 'KREUZBERG'],
    ]) {
      const data = await verified({ country: 'DE', line1: 'Oranienstraße 7', city, postalOrZip });
      atTown(data, 'DE', 'BERLIN', postalOrZip);
      assert.deepEqual(data.errors, NO_POINTS, city);
      assert.equal(data.formattedAddress, `ORANIENSTRASSE 7, ${postalOrZip} BERLIN`);
      assert.equal(data.details.dependentLocality, district);
    }
    const freeform = await verified('Unter den Linden 7, 10117 Berlin-Mitte, Germany');
    atTown(freeform, 'DE', 'BERLIN', '10117');
  });
});
