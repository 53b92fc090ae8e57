import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeImb, encodeImb, imbBarStates } from '../../../src/engines/render/index.js';

// USPS-B-3200's worked examples: one tracking code with each length of routing code, and the
// bars the specification publishes for each.
const TRACKING = '01234567094987654321';
const PUBLISHED: ReadonlyArray<[string, string]> = [
  ['', 'ATTFATTDTTADTAATTDTDTATTDAFDDFADFDFTFFFFFTATFAAAATDFFTDAADFTFDTDT'],
  ['01234', 'DTTAFADDTTFTDTFTFDTDDADADAFADFATDDFTAAAFDTTADFAAATDFDTDFADDDTDFFT'],
  ['012345678', 'ADFTTAFDTTTTFATTADTAAATFTFTATDAAAFDDADATATDTDTTDFDTDATADADTDFFTFA'],
  ['01234567891', 'AADTFFDFTDADTAADAATFDTDDAAADDTDTTDAFADADDDTFFFDDTTTADFAAADFTDAADA'],
];

test('the encoder gives the bars USPS-B-3200 publishes for its examples', () => {
  for (const [routing, bars] of PUBLISHED)
    assert.equal(encodeImb(TRACKING, routing), bars, `routing "${routing}"`);
});

test('bwip-js (what the renders draw) gives the same bars as the encoder', () => {
  for (const [routing, bars] of PUBLISHED)
    assert.equal(imbBarStates({ tracking: TRACKING, routing }).join(''), bars);
  // And for codes of every shape: 6- and 9-digit Mailer IDs, every routing length.
  for (let i = 0; i < 200; i++) {
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
    const tracking = `${digits(1)}${i % 5}${digits(18)}`;
    const routing = digits([0, 5, 9, 11][i % 4]);
    assert.equal(
      imbBarStates({ tracking, routing }).join(''),
      encodeImb(tracking, routing),
      tracking + routing,
    );
  }
});

test('decoding the bars gives the codes back; a damaged barcode is refused', () => {
  for (const [routing, bars] of PUBLISHED) assert.deepEqual(decodeImb(bars), { tracking: TRACKING, routing });
  const bars = PUBLISHED[3][1];
  const flipped = bars.slice(0, 10) + (bars[10] === 'T' ? 'F' : 'T') + bars.slice(11);
  assert.throws(() => decodeImb(flipped));
  assert.throws(() => decodeImb([...bars].reverse().join('')));
});

test('the encoder refuses codes USPS-B-3200 does not allow', () => {
  assert.throws(() => encodeImb('05234567094987654321'), /second 0-4/);
  assert.throws(() => encodeImb(TRACKING, '1234'), /0, 5, 9 or 11/);
});
