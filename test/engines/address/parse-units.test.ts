import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAddress, parseAddressDetail } from '../../../src/engines/address/index.js';

// input | unit field | designator | id: every written form of a unit, one line each.
const CASES: Array<[string, string, string, string]> = [
  ['123 Main St APT 4B, Springfield, IL 62704', 'APT 4B', 'APT', '4B'],
  ['123 Main St #4-B, Springfield, IL 62704', '# 4-B', '#', '4-B'],
  ['123 Main St UNIT 409 A, Springfield, IL 62704', 'UNIT 409 A', 'UNIT', '409A'],
  ['123 Main St APT 409 A, Springfield, IL 62704', 'APT 409 A', 'APT', '409A'],
  ['123 Main St # 4 B, Springfield, IL 62704', '# 4 B', '#', '4B'],
  ['123 Main St STE 2I, Springfield, IL 62704', 'STE 2I', 'STE', '2I'],
  ['123 Main St BLDG 3 RM 12, Springfield, IL 62704', 'BLDG 3 RM 12', 'BLDG', '3'],
  ['123 Main St\nAPT 4B\nSpringfield, IL 62704', 'APT 4B', 'APT', '4B'],
  ['123 Main St, Unit 409 A, Springfield IL 62704', 'Unit 409 A', 'UNIT', '409A'],
  ['123 Main St Apt. 4-B', 'Apt. 4-B', 'APT', '4-B'],
];

describe('parser: units as written', () => {
  for (const [input, unit, designator, id] of CASES) {
    test(input.replace(/\n/g, ' / '), () => {
      const flat = parseAddress(input);
      const detail = parseAddressDetail(input);
      assert.deepEqual(
        [flat.unit, flat.houseNumber, flat.road, detail.unit.designator, detail.unit.id],
        [unit, '123', 'Main St', designator, id],
      );
    });
  }

  test('a letter after a number joins the id only when no designator follows', () => {
    assert.equal(parseAddressDetail('123 Main St APT 4 B').unit.id, '4B');
    assert.equal(parseAddressDetail('123 Main St BLDG 3 RM 12').unit.id, '3');
  });
});
