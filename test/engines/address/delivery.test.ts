import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkDigit,
  defaultDeliveryPoint,
  postnetBarcode,
  residentialOf,
} from '../../../src/engines/address/verify/delivery.js';

describe('check digit (USPS Publication 25, DMM 708.4: the sum of all digits a multiple of 10)', () => {
  test('worked examples', () => {
    // 1+2+...+9 = 45: the correction digit is 5 (45 + 5 = 50).
    assert.equal(checkDigit('123456789'), '5');
    // ZIP+4 12345-6789, delivery point 01: 46 -> 4.
    assert.equal(checkDigit('12345678901'), '4');
    // A sum already a multiple of 10 takes 0, not 10.
    assert.equal(checkDigit('43215341377'), '0');
    // The published barcode f233205178757f: 23320-5178, delivery point 75, check digit 7.
    assert.equal(checkDigit('23320517875'), '7');
    assert.equal(checkDigit('40299380634'), '2');
  });

  test('the whole barcode, digits and check, sums to a multiple of 10', () => {
    for (const digits of ['00926211250', '99999999999', '00000000000', '40205123420']) {
      const all = `${digits}${checkDigit(digits)}`;
      const sum = [...all].reduce((s, c) => s + Number(c), 0);
      assert.equal(sum % 10, 0, digits);
    }
  });

  test('anything but digits is refused', () => {
    assert.throws(() => checkDigit('4020A'), /not a digit/);
  });
});

describe('delivery point barcode digits', () => {
  test('f, the ZIP, the add-on, the delivery point, the check digit, f', () => {
    assert.equal(postnetBarcode('23320', '5178', '75'), 'f233205178757f');
    assert.equal(postnetBarcode('43215', '3413', '77'), 'f432153413770f');
    assert.equal(postnetBarcode('40299', '3806', '34'), 'f402993806342f');
    assert.equal(postnetBarcode('40299', '3806', '34').length, 14);
  });
});

describe("USPS's default delivery point: the primary number's last two digits", () => {
  test('worked examples', () => {
    assert.equal(defaultDeliveryPoint('1920'), '20');
    assert.equal(defaultDeliveryPoint('10434'), '34');
    assert.equal(defaultDeliveryPoint('77'), '77');
    assert.equal(defaultDeliveryPoint('5'), '05');
    assert.equal(defaultDeliveryPoint('100'), '00');
    // Queens-style and lettered numbers: the digits of the number; a fraction is not part of it.
    assert.equal(defaultDeliveryPoint('68-01'), '01');
    assert.equal(defaultDeliveryPoint('215 A'), '15');
    assert.equal(defaultDeliveryPoint('123 1/2'), '23');
    assert.equal(defaultDeliveryPoint('N6W23001'), '01');
    assert.equal(defaultDeliveryPoint('A'), undefined);
    assert.equal(defaultDeliveryPoint(undefined), undefined);
  });
});

describe('NAD Addr_Type -> details.residential', () => {
  test('Residential true, the non-residential types false, the rest absent', () => {
    assert.equal(residentialOf('Residential'), true);
    assert.equal(residentialOf(' RESIDENTIAL '), true);
    for (const t of [
      'Commercial',
      'Industrial',
      'Agricultural',
      'Educational',
      'Government',
      'Institutional',
    ])
      assert.equal(residentialOf(t), false, t);
    for (const t of ['Unknown', 'Other', 'Multi-Use', 'Mixed Use', '', undefined, 'Something New'])
      assert.equal(residentialOf(t), undefined, String(t));
  });
});
