import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainParse, parseAddress, parseAddressDetail } from '../../../src/engines/address/index.js';

const FIELDS = new Set([
  'house',
  'houseNumber',
  'road',
  'unit',
  'level',
  'poBox',
  'city',
  'cityDistrict',
  'suburb',
  'state',
  'stateDistrict',
  'postcode',
  'country',
  'category',
  'near',
  'island',
]);

function assertClean(result: object): void {
  for (const [k, v] of Object.entries(result)) {
    assert.ok(FIELDS.has(k), `unexpected field ${k}`);
    assert.equal(typeof v, 'string');
    assert.ok((v as string).length > 0, `empty ${k}`);
    assert.ok(!/[\u0000-\u001f]/.test(v as string), `control character in ${k}`);
  }
}

test('empty and whitespace-only input give an empty result', () => {
  assert.deepEqual(parseAddress(''), {});
  assert.deepEqual(parseAddress('   \n\t  '), {});
  assert.deepEqual(parseAddress(',,, ;;'), {});
});

test('non-string input never throws', () => {
  for (const v of [undefined, null, 42, {}, [], true]) assertClean(parseAddress(v as unknown as string));
  assert.deepEqual(parseAddress(12345 as unknown as string), { postcode: '12345' });
});

// Speed is measured in bench/parse.ts, not asserted here (the machine is shared and noisy).
test('10 KB of text is answered cleanly', () => {
  const big = '123 Main St Apt 4 '.repeat(600);
  const r = parseAddress(big);
  assertClean(r);
  assert.equal(r.houseNumber, '123');
});

test('control characters, emoji, non-Latin scripts and digits only', () => {
  const r = parseAddress('123\u0000 Main\u0007 St\u001b, Louisville, KY 40205');
  assertClean(r);
  assert.equal(r.road, 'Main St');
  assert.equal(r.postcode, '40205');
  assertClean(parseAddress('😀🏠📬 🚀'));
  assert.deepEqual(parseAddress('😀🏠📬'), {});
  assertClean(parseAddress('东京都千代田区千代田1-1'));
  assertClean(parseAddress('197198, г. Санкт-Петербург, ул. Съезжинская д. 10 кв. 40'));
  assertClean(parseAddress('1234567890 1234567890 12'));
  assertClean(parseAddress('#&/ - & # /'));
});

test('the detail view and the explain trace never throw either', () => {
  for (const s of ['', '😀', 'x'.repeat(20000), '\u0000\u0001']) {
    assert.equal(typeof parseAddressDetail(s).layout, 'string');
    const trace = explainParse(s);
    assert.deepEqual(
      trace.map((t) => t.stage),
      [
        'normalize',
        'tokenize',
        'classify',
        'near',
        'country',
        'recipient',
        'postcode',
        'state',
        'city',
        'town',
        'street',
        'assemble',
      ],
    );
  }
});

test('3,000 mutated lines run every stage without an exception', () => {
  // explainParse has no safety net, so a stage that throws fails this test.
  const base = [
    '123 Main St Apt 4, Louisville, KY 40205',
    'PO Box 12, Dover, DE 19901',
    'Flat 2, 14 Acacia Avenue, Reading RG1 1AA',
    'Calle Mayor 5, 28013 Madrid',
    '5/20 George St, Brisbane QLD 4000',
  ];
  const pieces = [
    ',',
    ' ',
    '#',
    '&',
    '-',
    '/',
    '1/2',
    'Apt',
    'PO Box',
    'N',
    '12345',
    'K1A 0B1',
    'ß',
    '😀',
    '\u0000',
  ];
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  for (let i = 0; i < 3000; i++) {
    let s = base[rnd(base.length)];
    for (let k = rnd(4); k > 0; k--) {
      const at = rnd(s.length + 1);
      s = rnd(2)
        ? s.slice(0, at) + pieces[rnd(pieces.length)] + s.slice(at)
        : s.slice(0, at) + s.slice(at + rnd(6));
    }
    assert.doesNotThrow(() => explainParse(s), s);
  }
});
