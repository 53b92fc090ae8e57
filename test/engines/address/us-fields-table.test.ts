import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { US_ADDRESS_FIELDS, US_DETAIL_FIELDS } from '../../../src/engines/address/verify/index.js';
import { codeTable, docsTable as docsTableOf } from '../../helpers/field-tables.js';

const docsTable = (heading: string) => docsTableOf('docs/verification.md', heading);

/** Spec 2.2's fields and 2.3's 48 details, as the spec lists them. */
const SPEC_ADDRESS =
  'line1 line2 city provinceOrState postalOrZip country countryName provinceOrStateName firmName status errors zipPlus4 details geocodeResult';
const SPEC_DETAILS =
  'residential usHasDaylightSavings usMailingsDefaultFlag vacant boxID county countyNum deliveryInstallationAreaName deliveryInstallationQualifier deliveryInstallationType extraInfo postDirection preDirection ruralRouteNumber ruralRouteType streetDirection streetName streetNumber streetType suiteID suiteKey usCensusBlockNumber usCensusCMSA usCensusFIPS usCensusMA usCensusMSA usCensusPMSA usCensusTractNumber usCongressionalDistrictNumber usMailingCheckDigit usMailingsCarrierRoute usMailingsDeliveryPoint usMailingsDpvConfirmationIndicator usMailingsDpvCrmaIndicator usMailingsDpvFootnote1 usMailingsDpvFootnote2 usMailingsDpvFootnote3 usMailingsElotAscDesc usMailingsElotSequenceNumber usMailingsEWSFlag usMailingsLACSFlag usMailingsLACSReturnCode usMailingsRecordTypeCode usMailingsSuiteLinkReturnCode usPostnetBarcode usStateLegislativeLower usStateLegislativeUpper usTimeZone';

const sorted = (text: string) => text.split(' ').sort();

describe('the standard response fields: docs, code and spec agree', () => {
  test('docs/verification.md shows the code tables word for word', () => {
    assert.deepEqual(docsTable('### The verified address (spec 2.2)'), codeTable(US_ADDRESS_FIELDS));
    assert.deepEqual(
      docsTable('### `details` (spec 2.3, 48 fields)'),
      codeTable(US_DETAIL_FIELDS, 'details.'),
    );
  });

  test('every field of the spec has one row, and no row is a field the spec lacks', () => {
    assert.deepEqual(US_DETAIL_FIELDS.map((r) => r.field).sort(), sorted(SPEC_DETAILS));
    assert.equal(US_DETAIL_FIELDS.length, 48);
    assert.deepEqual(US_ADDRESS_FIELDS.map((r) => r.field).sort(), sorted(SPEC_ADDRESS));
  });

  test('a row without a source never has a value; every other row names its sources', () => {
    for (const r of US_DETAIL_FIELDS)
      if (r.sources.includes('none')) {
        assert.deepEqual(r.sources, ['none'], r.field);
        assert.equal(r.value(undefined as never), undefined, r.field);
      } else assert.ok(r.sources.length > 0 && r.when.length > 0, r.field);
  });
});
