/**
 * The street stage as a list: its sub-stages (STREET_STAGES), the rule table that reads the
 * segments after the street (LATER_SEGMENT_RULES) and the readings of a street without a
 * number. Names are unique, the order is the one the modules document, and each fires on
 * the input it is for (seen through explainParse, as `postroom parse --explain` prints it).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { explainParse } from '../../../src/engines/address/index.js';
import { LATER_SEGMENT_RULES } from '../../../src/engines/address/parse/later-segments.js';
import { NUMBERLESS_READINGS } from '../../../src/engines/address/parse/layout-no-number.js';
import { STREET_STAGES } from '../../../src/engines/address/parse/street.js';

const PARSE = new URL('../../../src/engines/address/parse/', import.meta.url);

/** The left column of the table in a module's opening comment (` *   name   example`). */
function documentedOrder(file: string): string[] {
  const text = readFileSync(new URL(file, PARSE), 'utf8');
  const comment = text.slice(0, text.indexOf('*/'));
  return [...comment.matchAll(/^ \* {3}(\S.*?) {2,}\S/gm)].map((m) => m[1]);
}

/** The street stage's steps for one input: sub-stage lines, rule lines indented by two. */
function streetSteps(input: string): string[] {
  return explainParse(input).find((x) => x.stage === 'street')?.steps ?? [];
}

describe('street stage: sub-stages', () => {
  test('names are unique and in the order street.ts documents', () => {
    const names = STREET_STAGES.map((x) => x.name);
    assert.equal(new Set(names).size, names.length);
    assert.deepEqual(names, documentedOrder('street.ts'));
  });

  test('only the whole-window readings end the stage, and they come first', () => {
    assert.deepEqual(
      STREET_STAGES.filter((x) => x.final).map((x) => x.name),
      ['street and town', 'whole-line street', 'ship'],
    );
    assert.ok(STREET_STAGES.slice(0, 3).every((x) => x.final));
  });

  // sub-stage | input | the steps of the street stage, exactly
  const CASES: Array<[string, string, string[]]> = [
    ['street and town', 'Lange Groenendaal, Gouda', ['street and town']],
    ['whole-line street', '10 Ave', ['whole-line street']],
    ['ship', 'USS Nimitz (CVN 68) FPO AP 96620', ['ship']],
    [
      'care-of',
      'attn: mcshane 3 fl 45-18 court square, long island city ny 11101',
      [
        'care-of',
        'box or house number: house number "45-18", numberFirst',
        'layout: numberFirst',
        'house and units',
      ],
    ],
    [
      'box or house number',
      'Box 44, Rt 2, Dover DE 19901',
      ['box or house number: box "Box 44"', 'later segments', '  road of a box: "Rt 2"'],
    ],
    [
      'street after a complex',
      'One Exchange Plaza, 55 Broadway, New York NY 10006',
      [
        'box or house number: house number "One", numberFirst',
        'street after a complex',
        'segments before the street',
        'layout: numberFirst',
        'house and units',
      ],
    ],
    [
      'lone number before the street',
      '21, Kingswood Road, Tunbridge Wells',
      [
        'numberless street',
        'lone number before the street',
        'layout: no number',
        '  no number: street',
        'later segments',
        '  town after the street: "Tunbridge Wells"',
      ],
    ],
  ];
  for (const [stage, input, steps] of CASES)
    test(`${stage}: ${input}`, () => assert.deepEqual(streetSteps(input), steps));
});

describe('street stage: the later-segment rule table', () => {
  test('names are unique and in the order later-segments.ts documents; the catch-all is last', () => {
    const names = LATER_SEGMENT_RULES.map((r) => r.name);
    assert.equal(new Set(names).size, names.length);
    assert.deepEqual(names, documentedOrder('later-segments.ts'));
    assert.equal(names.at(-1), 'name');
  });

  // rule | input | the segment it reads
  const FIRES: Array<[string, string, string]> = [
    ['directional after the street', '1800 M Street, NW Ste 700, Washington DC 20036', 'NW Ste 700'],
    ['care-of name', '1 Main St, c/o Boa Lockbox 402605, Atlanta GA 30301', 'c/o Boa Lockbox 402605'],
    ['town after the street', '1085 Santa Paula Avenue, Los Osos', 'Los Osos'],
    ['district abroad', 'Bow St, Covent Garden, London, United Kingdom', 'Covent Garden'],
    ['letter of a unit', '100 Main St, Unit K, L, Cedar Rapids, IA 52401', 'L'],
    ['name after the street', '700 Lewis St, Mizzou North, Rm 501, Columbia MO 65211', 'Mizzou North'],
    ['road of a box', 'Box 44, Rt 2, Dover DE 19901', 'Rt 2'],
    ['box of a rural route', 'RR 4, Box 164 A, Dover DE', 'Box 164 A'],
    ['unit', '100 Main St, Unit K, L, Cedar Rapids, IA 52401', 'Unit K'],
    ['numbered complex', '3340 Peachtree Rd, 1 Piedmont Ctr., Atlanta GA 30326', '1 Piedmont Ctr.'],
    ['numbered building of a complex', '12 Main St, Suite 700, Overlook 1, Atlanta GA', 'Overlook 1'],
    [
      'unit, then a building name',
      '100 Main St, Ste 110 Burns Prof. Blg., Columbia MO',
      'Ste 110 Burns Prof. Blg.',
    ],
    ['name, then a unit', '100 Main St, Tower Place Ste 1685, Cincinnati OH', 'Tower Place Ste 1685'],
    ['name', 'Acme Widgets, Springfield Depot, Springfield IL 62701', 'Springfield Depot'],
  ];
  test('every rule has an input here', () =>
    assert.deepEqual(new Set(FIRES.map(([rule]) => rule)), new Set(LATER_SEGMENT_RULES.map((r) => r.name))));
  for (const [rule, input, segment] of FIRES)
    test(`${rule}: ${input}`, () => assert.ok(streetSteps(input).includes(`  ${rule}: "${segment}"`), rule));

  test('one rule reads each later segment, in line order', () => {
    assert.deepEqual(
      streetSteps('700 Lewis St, Mizzou North, Rm 501, Columbia MO 65211').filter((x) => x.startsWith('  ')),
      ['  name after the street: "Mizzou North"', '  unit: "Rm 501"'],
    );
  });
});

describe('street stage: a street without a number', () => {
  test('reading names are unique; the plain street is the last', () => {
    const names = NUMBERLESS_READINGS.map(([name]) => name);
    assert.equal(new Set(names).size, names.length);
    assert.equal(names.at(-1), 'street');
  });

  const READS: Array<[string, string]> = [
    ['venue', 'Union Station, Suite 4, Chicago IL'],
    ['building, then its unit', 'Acme Widgets Ste 4, Springfield IL 62701'],
    ['street', 'Bow St, Covent Garden, London, United Kingdom'],
  ];
  for (const [reading, input] of READS)
    test(`${reading}: ${input}`, () => assert.ok(streetSteps(input).includes(`  no number: ${reading}`)));
});
