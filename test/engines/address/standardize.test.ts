import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parseAddressDetail,
  properCase,
  standardDirection,
  standardizeParts,
  standardizeStreetLine,
  standardizeStreetName,
  standardStreetType,
  streetKey,
} from '../../../src/engines/address/index.js';

const line = (input: string, properCaseOn = false) =>
  standardizeStreetLine(parseAddressDetail(input), { properCase: properCaseOn });

test('street lines come out in USPS form, upper case by default', () => {
  assert.equal(line('145 Mulberry Street Penthouse D, New York, NY 10013'), '145 MULBERRY ST PH D');
  assert.equal(
    line('1005 North Gravenstein Highway Suite 500, Sebastopol, CA'),
    '1005 N GRAVENSTEIN HWY STE 500',
  );
  assert.equal(line('123 1/2 SE Some Avenue Apt #3a'), '123 1/2 SE SOME AVE APT 3A');
  assert.equal(
    line('500 Marquette Avenue Northwest Suite 1500, Albuquerque, NM 87102'),
    '500 MARQUETTE AVE NW STE 1500',
  );
  assert.equal(line('68-01 Queens Boulevard Apartment 5F'), '68-01 QUEENS BLVD APT 5F');
  assert.equal(line('300 New Jersey Ave., NW, Washington, DC 20001'), '300 NEW JERSEY AVE NW');
});

test('properCase gives the mixed-case form of the same line', () => {
  assert.equal(line('145 mulberry st penthouse d', true), '145 Mulberry St Ph D');
  assert.equal(line('3600 WEST 5TH AVENUE', true), '3600 W 5th Ave');
  assert.equal(line('10 NW Main St Unit 12b', true), '10 NW Main St Unit 12B');
});

test('delivery forms: PO box, rural route, highway contract, military', () => {
  assert.equal(line('P.O. Box 1128, Lake Villa, IL'), 'PO BOX 1128');
  assert.equal(line('Post Office Box 77 Anytown KY 40205'), 'PO BOX 77');
  assert.equal(line('Rural Route 2 Box 152, Foo, KY'), 'RR 2 BOX 152');
  assert.equal(line('HC 68 Box 23, Bar, MT'), 'HC 68 BOX 23');
  assert.equal(line('PSC 1234 Box 5678, APO, AE 09001'), 'PSC 1234 BOX 5678');
  assert.equal(line('Unit 2050 Box 4190, APO, AP 96278'), 'UNIT 2050 BOX 4190');
});

test('numbered highways keep the route word spelled out (Pub 28 section 234)', () => {
  assert.equal(line('500 US Hwy 50 W'), '500 US HIGHWAY 50 W');
  assert.equal(line('12 State Rte 9, Foo, NY'), '12 STATE ROUTE 9');
  assert.equal(line('7 County Rd 12'), '7 COUNTY ROAD 12');
});

test('parts expose the USPS split for verification', () => {
  const parts = standardizeParts(
    parseAddressDetail('8128 S. Dr Martin Luther King Jr Drive Apt 4, Chicago, IL'),
  );
  assert.equal(parts.number, '8128');
  assert.equal(parts.preDirection, 'S');
  assert.equal(parts.name, 'DR MARTIN LUTHER KING JR');
  assert.equal(parts.type, 'DR');
  assert.equal(parts.unitDesignator, 'APT');
  assert.equal(parts.unitId, '4');
});

test('Canadian lines use Canada Post types; Spanish directions become USPS letters', () => {
  const ca = parseAddressDetail('123 Main Crescent, Ottawa, ON K1A 0B1');
  assert.equal(standardizeStreetLine(ca), '123 MAIN CRES');
  assert.equal(standardStreetType('CROISSANT', 'CA'), 'CROIS');
  assert.equal(standardStreetType('Avenue', 'US'), 'AVE');
  assert.equal(standardDirection('Oeste', 'US'), 'W');
  assert.equal(standardDirection('Ouest', 'CA'), 'O');
});

test('proper case keeps ids, compass abbreviations and ordinals right', () => {
  assert.equal(properCase('145 MULBERRY ST PH D'), '145 Mulberry St Ph D');
  assert.equal(properCase('12 RUE DE LA PAIX'), '12 Rue de la Paix');
  assert.equal(properCase("1 O'NEIL AVE NE"), "1 O'Neil Ave NE");
  assert.equal(properCase('PO BOX 12'), 'PO Box 12');
  assert.equal(properCase('52ND ST'), '52nd St');
});

test('bare street names standardize to the same key as parsed lines', () => {
  const a = streetKey(standardizeStreetName('North Bardstown Road'));
  const b = streetKey(standardizeParts(parseAddressDetail('2301 N. Bardstown Rd, Louisville, KY 40205')));
  assert.equal(a, 'N BARDSTOWN RD');
  assert.equal(a, b);
  assert.equal(streetKey(standardizeStreetName('US Hwy 50')), 'US HIGHWAY 50');
  assert.equal(streetKey(standardizeStreetName('Avenue of the Americas')), 'AVENUE OF THE AMERICAS');
  assert.equal(streetKey(standardizeStreetName('')), '');
});
