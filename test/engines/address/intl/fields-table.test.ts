import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  INTL_ADDRESS_FIELDS,
  INTL_COMPLETION_FIELDS,
  INTL_DETAIL_FIELDS,
} from '../../../../src/engines/address/intl/index.js';
import { codeTable, docsTable as docsTableOf } from '../../../helpers/field-tables.js';

const docsTable = (heading: string) => docsTableOf('docs/international.md', heading);

/** Spec 2.10's 33 details and 2.12's fields, as the spec lists them. */
const SPEC_DETAILS =
  'building buildingType cityName citySecondary cityType deliveryAddress dependentLocality doubleDependentLocality organization postalOrZipPrimary postalOrZipSecondary postBox premise premiseNumber premiseSecondary premiseType provinceOrStateName provinceOrStateType street streetPostDirection streetPreDirection streetType subAdministrativeArea subBuilding SubBuildingFloor subBuildingNumber subBuildingType subStreet subStreetPostDirection subStreetPreDirection subStreetType superAdministrativeArea telephone';
const SPEC_ADDRESS =
  'city country line1 postalOrZip provinceOrState countryName details errors firmName formattedAddress geoData line2 line3 status summary zipPlus4';
const SPEC_COMPLETION =
  'building city company country countryCode department error formattedAddress line1 line2 line3 line4 postalOrZip provinceCode provinceOrState';

const sorted = (text: string) => text.split(' ').sort();

describe('the response fields: docs, code and spec agree', () => {
  test('docs/international.md shows the code tables word for word', () => {
    assert.deepEqual(docsTable('### The verified address (spec 2.10)'), codeTable(INTL_ADDRESS_FIELDS));
    assert.deepEqual(
      docsTable('### `details` (spec 2.10, 33 fields)'),
      codeTable(INTL_DETAIL_FIELDS, 'details.'),
    );
    assert.deepEqual(docsTable('### The completion (spec 2.12)'), codeTable(INTL_COMPLETION_FIELDS));
  });

  test('every field of the spec has a row, and no row is a field the spec lacks', () => {
    assert.deepEqual(INTL_DETAIL_FIELDS.map((r) => r.field).sort(), sorted(SPEC_DETAILS));
    assert.equal(INTL_DETAIL_FIELDS.length, 33);
    // line4 is the spec's 2.12 field the verified address shares (the lines are laid out alike).
    assert.deepEqual(INTL_ADDRESS_FIELDS.map((r) => r.field).sort(), sorted(`${SPEC_ADDRESS} line4`));
    assert.deepEqual(INTL_COMPLETION_FIELDS.map((r) => r.field).sort(), sorted(SPEC_COMPLETION));
  });

  test('a row without a source never has a value', () => {
    for (const r of [...INTL_DETAIL_FIELDS, ...INTL_COMPLETION_FIELDS])
      if (r.sources.includes('none')) {
        assert.deepEqual(r.sources, ['none'], r.field);
        assert.equal(r.value(undefined as never), undefined, r.field);
      }
  });
});
