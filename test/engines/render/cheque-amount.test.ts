import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isAbaRoutingNumber } from '../../../src/engines/render/cheque/bank-numbers.js';
import {
  amountInFigures,
  amountInWords,
  MAX_CHEQUE_AMOUNT_CENTS,
} from '../../../src/engines/render/cheque/cheque-amount.js';

test('the amount in words: dollars in words, cents as a fraction of 100', () => {
  assert.equal(amountInWords(123456), 'One thousand two hundred thirty-four and 56/100 dollars');
  assert.equal(amountInWords(5), 'Zero and 05/100 dollars');
  assert.equal(amountInWords(1), 'Zero and 01/100 dollars');
  assert.equal(amountInWords(100), 'One and 00/100 dollars');
  assert.equal(amountInWords(300000), 'Three thousand and 00/100 dollars');
  assert.equal(amountInWords(100000000), 'One million and 00/100 dollars');
  assert.equal(amountInWords(120000099), 'One million two hundred thousand and 99/100 dollars');
  assert.equal(
    amountInWords(MAX_CHEQUE_AMOUNT_CENTS),
    'Ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine and 99/100 dollars',
  );
});

test('amounts that are not whole positive cents up to the maximum have no words', () => {
  for (const bad of [0, -100, 1.5, MAX_CHEQUE_AMOUNT_CENTS + 1, Number.NaN]) {
    assert.throws(() => amountInWords(bad), RangeError, String(bad));
  }
});

test('the amount in figures groups thousands', () => {
  assert.equal(amountInFigures(5), '0.05');
  assert.equal(amountInFigures(123456), '1,234.56');
  assert.equal(amountInFigures(100000000), '1,000,000.00');
  assert.equal(amountInFigures(MAX_CHEQUE_AMOUNT_CENTS), '99,999,999.99');
});

test('ABA routing numbers pass the 3-7-1 checksum; others do not', () => {
  for (const good of ['011000015', '021000021', '122105155', '026009593'])
    assert.ok(isAbaRoutingNumber(good), good);
  for (const bad of ['011000016', '021000012', '12345678', '0110000150', '01100001a', '000000000', '']) {
    assert.equal(isAbaRoutingNumber(bad), false, bad);
  }
});
