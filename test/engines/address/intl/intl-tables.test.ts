import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildingTypeOf,
  floorOf,
  isOrganization,
  postBoxOf,
} from '../../../../src/engines/address/intl/line-parts.js';
import { readStreetLine } from '../../../../src/engines/address/intl/street-line.js';
import { streetPartsOf } from '../../../../src/engines/address/intl/street-parts.js';
import { townFormOf } from '../../../../src/engines/address/intl/town-forms.js';
import { regionType } from '../../../../src/engines/address/tables/intl-region-types.js';
import { STREET_TYPES, streetLanguages } from '../../../../src/engines/address/tables/intl-street-types.js';
import {
  CITY_STATES,
  DISTRICT_TOWNS,
  TOKYO_WARDS,
} from '../../../../src/engines/address/tables/intl-town-forms.js';

describe('street types and directionals by language', () => {
  const cases: Array<[string, string, ReturnType<typeof streetPartsOf>]> = [
    ['GB', 'Baker Street', { type: 'Street' }],
    ['GB', 'North Road', { type: 'Road' }],
    ['US', 'N Main St', { preDirection: 'N', type: 'St' }],
    ['US', 'Pennsylvania Ave NW', { postDirection: 'NW', type: 'Ave' }],
    ['CA', 'Rue Sainte-Catherine Ouest', { postDirection: 'Ouest', type: 'Rue' }],
    ['FR', 'Rue de Rivoli', { type: 'Rue' }],
    ['FR', 'Bd Haussmann', { type: 'Bd' }],
    ['IT', 'Via Roma', { type: 'Via' }],
    ['IT', 'P.zza Navona', { type: 'P.zza' }],
    ['ES', 'Calle Mayor', { type: 'Calle' }],
    ['ES', 'C/ Mayor', { type: 'C/' }],
    ['MX', 'Avenida Constitución Pte', { postDirection: 'Pte', type: 'Avenida' }],
    ['PT', 'Rua Augusta', { type: 'Rua' }],
    ['BR', 'Av. Paulista', { type: 'Av.' }],
    ['DE', 'Hockenheimer Str.', { type: 'Str.' }],
    ['DE', 'Hauptstraße', { type: 'STRASSE' }],
    ['DE', 'Lindenweg', { type: 'WEG' }],
    ['DE', 'Unter den Linden', {}],
    ['NL', 'Kerkstraat', { type: 'STRAAT' }],
    ['NL', 'Keizersgracht', { type: 'GRACHT' }],
    ['DK', 'Vesterbrogade', { type: 'GADE' }],
    ['SE', 'Drottninggatan', { type: 'GATAN' }],
    ['NO', 'Karl Johans gate', { type: 'gate' }],
    ['FI', 'Mannerheimintie', { type: 'TIE' }],
    ['PL', 'ul. Marszałkowska', { type: 'ul.' }],
    ['HU', 'Andrássy út', { type: 'út' }],
    ['RO', 'Calea Victoriei', { type: 'Calea' }],
    ['MY', 'Jalan Ampang', { type: 'Jalan' }],
    ['BE', 'Rue de la Loi', { type: 'Rue' }],
    ['BE', 'Wetstraat', { type: 'STRAAT' }],
    ['SG', 'Ang Mo Kio Ave 3', { type: 'Ave' }],
    ['JP', 'Marunouchi', {}],
    // Compounds are only split in the countries the table places.
    ['ZZ', 'Hauptstraße', {}],
  ];
  for (const [country, street, parts] of cases)
    test(`${country} ${street}`, () => assert.deepEqual(streetPartsOf(country, street), parts));

  test('every country the table places reads languages the table has', () => {
    for (const country of ['GB', 'DE', 'CH', 'BE', 'CA', 'ES', 'FI', 'MY', 'ZZ'])
      for (const language of streetLanguages(country))
        assert.ok(STREET_TYPES.has(language), `${country} ${language}`);
  });
});

describe('region types', () => {
  test("the country's kind of region, the others by code or name, none for a country not listed", () => {
    assert.equal(regionType('US', 'KY', 'Kentucky'), 'State');
    assert.equal(regionType('US', 'DC', 'District of Columbia'), 'District');
    assert.equal(regionType('CA', 'NU', 'Nunavut'), 'Territory');
    assert.equal(regionType('AU', 'ACT', 'Australian Capital Territory'), 'Territory');
    assert.equal(regionType('DE', 'BY', 'Bayern'), 'Land');
    assert.equal(regionType('JP', '13', 'Tokyo'), 'Metropolis');
    assert.equal(regionType('JP', undefined, 'Hyōgo'), 'Prefecture');
    assert.equal(regionType('IT', 'MI', 'Milano'), 'Metropolitan city');
    assert.equal(regionType('IT', 'VA', 'Varese'), 'Province');
    assert.equal(regionType('IN', undefined, 'Delhi'), 'Union territory');
    assert.equal(regionType('CN', undefined, 'Inner Mongolia'), 'Autonomous region');
    assert.equal(regionType('XK', undefined, 'Pristina'), undefined);
  });
});

describe('town forms: city-states and postal districts', () => {
  const form = (country: string, city: string | undefined, postcode?: string, region?: string) =>
    townFormOf(country, city, postcode, region);

  test('every city-state is its own town, named or not', () => {
    for (const state of CITY_STATES) {
      assert.equal(form(state.country, undefined)?.city, state.town);
      for (const name of state.names) assert.equal(form(state.country, name)?.city, state.town, name);
    }
    assert.equal(form('HK', 'Central')?.district, 'Central');
    assert.equal(form('SG', 'Atlantis'), undefined);
  });

  test('every Dublin district, written long, padded and by routing key', () => {
    const dublin = DISTRICT_TOWNS.find((t) => t.town === 'Dublin')!;
    assert.equal(dublin.districts.length, 22);
    for (const { id } of dublin.districts) {
      const padded = id === '6W' ? '6W' : id.padStart(2, '0');
      for (const written of [`Dublin ${id}`, `Dublin ${padded}`, `D${padded}`, `Baile Átha Cliath ${id}`])
        assert.equal(form('IE', written)?.city, `Dublin ${id}`, written);
    }
    assert.equal(form('IE', 'Dublin 19'), undefined);
    assert.deepEqual(form('IE', 'Dublin 6W')?.postcodes, [['D6W', 'D6WZZZZ']]);
  });

  test('every Copenhagen district and its postal codes', () => {
    const cases: Array<[string, string, string]> = [
      ['København K', 'København K', '1050'],
      ['Kobenhavn V', 'København V', '1620'],
      ['Copenhagen Ø', 'København Ø', '2100'],
      ['København OE', 'København Ø', '2100'],
      ['København N', 'København N', '2200'],
      ['København S', 'København S', '2300'],
      ['København NV', 'København NV', '2400'],
      ['København SV', 'København SV', '2450'],
    ];
    for (const [written, city, code] of cases) {
      const f = form('DK', written);
      assert.equal(f?.city, city, written);
      assert.ok(
        f?.postcodes?.some(([lo, hi]) => code >= lo && code <= hi),
        written,
      );
    }
  });
});

describe('town forms: arrondissements, wards, city districts', () => {
  const form = (country: string, city: string | undefined, postcode?: string, region?: string) =>
    townFormOf(country, city, postcode, region);

  test('every arrondissement of Paris, Lyon and Marseille, with its postal code', () => {
    for (let n = 1; n <= 20; n++) {
      const code = `750${String(n).padStart(2, '0')}`;
      for (const written of [
        `Paris ${n}${n === 1 ? 'er' : 'e'}`,
        `Paris ${String(n).padStart(2, '0')}`,
        `Paris ${n}ème`,
      ]) {
        const f = form('FR', written);
        assert.equal(f?.city, 'Paris', written);
        assert.equal(f?.district, `${n}${n === 1 ? 'er' : 'e'} arrondissement`);
        assert.equal(f?.postcode, n === 16 ? undefined : code, written);
      }
    }
    assert.equal(form('FR', 'Lyon 9e')?.postcode, '69009');
    assert.equal(form('FR', 'Marseille 16e')?.postcode, '13016');
    assert.equal(form('FR', 'Paris 21e'), undefined);
    assert.equal(form('FR', 'Paris'), undefined);
  });

  test('every Tokyo ward; a shared name only with Tokyo in the address', () => {
    for (const ward of TOKYO_WARDS) {
      const written = `${ward.name}-ku`;
      assert.equal(form('JP', written, undefined, 'Tokyo')?.region, '13', written);
      assert.equal(form('JP', written, '1000001')?.cityType, 'Ward', written);
      assert.equal(form('JP', written, undefined, 'Osaka'), undefined, written);
      assert.equal(form('JP', written, '5300001'), undefined, written);
      if (!ward.shared) assert.ok(form('JP', written), written);
      else assert.equal(form('JP', written), undefined, written);
    }
    assert.equal(form('JP', 'Shibuya City')?.city, 'Shibuya-ku');
    assert.equal(form('JP', 'Chuo-ku', undefined, 'Tokyo-to')?.city, 'Chuo-ku');
    assert.equal(form('JP', 'Chuou-ku', undefined, 'Tokyo')?.city, 'Chuo-ku');
  });

  test("Berlin's districts, with the city or alone with its postal code", () => {
    assert.equal(form('DE', 'Berlin-Mitte')?.district, 'Mitte');
    assert.equal(form('DE', 'Berlin Friedrichshain-Kreuzberg')?.district, 'Friedrichshain-Kreuzberg');
    assert.equal(form('DE', 'Berlin-Prenzlauer Berg')?.district, 'Prenzlauer Berg');
    assert.equal(form('DE', 'Kreuzberg', '10997')?.city, 'Berlin');
    assert.equal(form('DE', 'Kreuzberg'), undefined);
    assert.equal(form('DE', 'Kreuzberg', '80331'), undefined);
    assert.equal(form('DE', 'Hamburg-Mitte')?.district, 'Hamburg-Mitte');
    assert.equal(form('DE', 'Hamburg-Altona')?.district, 'Altona');
    assert.equal(form('DE', 'Berlin'), undefined);
    assert.equal(form('DE', 'München'), undefined);
  });
});

describe('what a part of the street side is', () => {
  test('post boxes, floors, organizations, building types', () => {
    for (const box of [
      'PO Box 123',
      'P.O. Box 9',
      'GPO Box 1',
      'Postfach 1234',
      'BP 56',
      'Apartado 12',
      'Caixa Postal 7',
      'Postbus 100',
    ])
      assert.equal(postBoxOf(box), box);
    assert.equal(postBoxOf('Box Hill'), undefined);
    assert.deepEqual(floorOf('2nd Floor'), { text: '2nd Floor', id: '2' });
    assert.deepEqual(floorOf('3. OG'), { text: '3. OG', id: '3' });
    assert.deepEqual(floorOf('Piso 4'), { text: 'Piso 4', id: '4' });
    assert.deepEqual(floorOf('2e étage'), { text: '2e étage', id: '2' });
    assert.deepEqual(floorOf('RDC'), { text: 'RDC', id: 'GROUND' });
    assert.equal(floorOf('Flat 2'), undefined);
    assert.ok(isOrganization('GB', 'Acme Widgets Ltd'));
    assert.ok(isOrganization('DE', 'Muster GmbH'));
    assert.ok(!isOrganization('US', 'Main Street SE'));
    assert.ok(!isOrganization('GB', 'Ltd'));
    assert.equal(buildingTypeOf('Rose Cottage'), 'Cottage');
    assert.equal(buildingTypeOf('Edificio Sol'), 'Edificio');
    assert.equal(buildingTypeOf('Sunnyside'), undefined);
  });

  test('street lines: premise types, bis, boxes, floors, a second thoroughfare; STE is no unit in Steinweg', () => {
    assert.deepEqual(readStreetLine(['Blk 123 Ang Mo Kio Ave 3'], 'SG'), {
      premiseType: 'Blk',
      number: '123',
      street: 'Ang Mo Kio Ave 3',
    });
    assert.deepEqual(readStreetLine(['Calle Mayor Nº 5'], 'ES'), {
      street: 'Calle Mayor',
      premiseType: 'Nº',
      number: '5',
    });
    assert.deepEqual(readStreetLine(['12 bis rue de la Paix'], 'FR'), {
      number: '12 BIS',
      street: 'rue de la Paix',
    });
    assert.deepEqual(readStreetLine(['Postfach 1234'], 'DE'), { postBox: 'Postfach 1234' });
    assert.deepEqual(readStreetLine(['1 Providence Place, Barrack Road'], 'GB'), {
      number: '1',
      street: 'Providence Place',
      thoroughfare: 'Barrack Road',
    });
    assert.deepEqual(readStreetLine(['Flat 2, 2nd Floor, 10 High Street'], 'GB'), {
      unit: { text: 'Flat 2', designator: 'FLAT', id: '2' },
      floor: { text: '2nd Floor', id: '2' },
      number: '10',
      street: 'High Street',
    });
    assert.deepEqual(readStreetLine(['Steinweg 5'], 'DE'), { street: 'Steinweg', number: '5' });
    assert.deepEqual(readStreetLine(['Interlakenstrasse 3'], 'CH'), {
      street: 'Interlakenstrasse',
      number: '3',
    });
  });
});
