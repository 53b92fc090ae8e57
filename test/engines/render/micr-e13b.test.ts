import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  glyphColumns,
  glyphRects,
  MICR_DASH,
  MICR_GLYPHS,
  MICR_MAX_COLUMNS,
  MICR_ON_US,
  MICR_PITCH_IN,
  MICR_SQUARE_IN,
  type MicrChar,
} from '../../../src/engines/render/cheque/micr-e13b.js';
import { micrLine, micrText } from '../../../src/engines/render/cheque/micr-line.js';

const CHARS = Object.keys(MICR_GLYPHS) as MicrChar[];
const DIGITS = CHARS.filter((c) => /\d/.test(c));

/** The glyph as drawn: its rectangles painted back onto a grid, rows from the top. */
function painted(char: MicrChar): string[] {
  const width = glyphColumns(char);
  const grid = Array.from({ length: 9 }, () => Array.from({ length: width }, () => '.'));
  for (const r of glyphRects(char)) {
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width; x++) {
        assert.equal(grid[8 - y][x], '.', `${char}: rectangles overlap at ${x},${y}`);
        grid[8 - y][x] = '#';
      }
    }
  }
  return grid.map((row) => row.join(''));
}

test('the character set is the 14 E-13B characters: 0–9 and ⑆ ⑇ ⑈ ⑉', () => {
  assert.deepEqual(CHARS.sort(), [...'0123456789⑆⑇⑈⑉'].sort());
});

test('every glyph fits the 0.091 × 0.117 in design box, and digits are at least 4 squares wide', () => {
  for (const char of CHARS) {
    const rows = MICR_GLYPHS[char];
    assert.equal(rows.length, 9, `${char} has 9 rows`);
    assert.ok(
      rows.every((row) => row.length === rows[0].length && /^[#.]+$/.test(row)),
      char,
    );
    for (const r of glyphRects(char)) {
      assert.ok(r.x >= 0 && r.y >= 0, char);
      assert.ok((r.x + r.width) * MICR_SQUARE_IN <= 0.091 + 1e-9, `${char} is at most 0.091 in wide`);
      assert.ok((r.y + r.height) * MICR_SQUARE_IN <= 0.117 + 1e-9, `${char} is at most 0.117 in high`);
    }
    assert.ok(glyphColumns(char) >= 4, `${char} is at least 4 squares wide`);
    assert.ok(glyphColumns(char) <= MICR_MAX_COLUMNS, `${char} is at most 7 squares wide`);
    // a glyph narrower than its cell leaves room between characters
    assert.ok(glyphColumns(char) * MICR_SQUARE_IN < MICR_PITCH_IN, char);
  }
  for (const digit of DIGITS) {
    const inked = painted(digit);
    assert.ok(inked[0].includes('#') && inked[8].includes('#'), `${digit} is the full 9 squares tall`);
  }
});

test('the drawn rectangles are exactly the designed squares, and no two glyphs are alike', () => {
  const seen = new Map<string, MicrChar>();
  for (const char of CHARS) {
    const inked = painted(char);
    assert.deepEqual(inked, [...MICR_GLYPHS[char]], char);
    // compared by their inked squares, each against its own cell's right edge
    const key = inked.map((row) => row.padStart(7, '.')).join('/');
    assert.equal(seen.get(key), undefined, `${char} looks like ${seen.get(key)}`);
    seen.set(key, char);
  }
  assert.equal(seen.size, 14);
});

test('the on-us and dash symbols are shorter than the digits', () => {
  for (const char of [MICR_ON_US, MICR_DASH] as MicrChar[]) {
    const inkedRows = painted(char).filter((row) => row.includes('#')).length;
    assert.ok(inkedRows < 9, `${char} has ${inkedRows} inked rows`);
  }
});

test('US line: aux on-us serial, transit at positions 33–43, account ⑈ serial ending at 14', () => {
  const line = micrLine({ countryCode: 'US', routingNumber: '011000015', accountNumber: '1234-56789' }, 1234);
  assert.equal(micrText(line), '⑈001234⑈ ⑆011000015⑆ ' + ' '.repeat(4) + '123456789⑈1234');
  const at = new Map(line.map((p) => [p.position, p.char]));
  assert.equal(at.get(43), '⑆');
  assert.equal(at.get(33), '⑆');
  assert.equal(at.get(14), '4');
  assert.equal(at.get(45), '⑈');
  assert.ok(
    [...at.keys()].every((p) => p > 13),
    'the amount field, positions 1–12, is left blank',
  );
  assert.equal(at.get(32), undefined);
  assert.equal(at.get(44), undefined);
});

test('US line: a long account leaves the serial to the auxiliary on-us field', () => {
  const line = micrLine(
    { countryCode: 'US', routingNumber: '011000015', accountNumber: '12345678901234567' },
    99,
  );
  assert.equal(micrText(line).trimEnd(), '⑈000099⑈ ⑆011000015⑆ 12345678901234567⑈');
});

test('CA line: serial field, ⑆ transit ⑉ institution ⑆ at 33–43, account with dashes ⑈ ending at 14', () => {
  const line = micrLine(
    { countryCode: 'CA', transitNumber: '12345', routeNumber: '039', accountNumber: '1234-567' },
    77,
  );
  assert.equal(micrText(line), '⑈000077⑈ ⑆12345⑉039⑆ ' + ' '.repeat(9) + '1234⑉567⑈');
  const at = new Map(line.map((p) => [p.position, p.char]));
  assert.equal(at.get(43), '⑆');
  assert.equal(at.get(37), '⑉');
  assert.equal(at.get(33), '⑆');
  assert.equal(at.get(14), '⑈');
});
