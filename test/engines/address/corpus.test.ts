/**
 * Corpus tests: test/corpus/address/<country>.txt, one case per line:
 *   INPUT => field=value; field=value
 * The parse must produce exactly the listed fields with exactly these values.
 * Lines starting with # are comments; an input that starts with "#" is written "\#".
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAddress } from '../../../src/engines/address/index.js';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../corpus/address');

export interface CorpusCase {
  line: number;
  input: string;
  expected: Record<string, string>;
}

export function readCorpus(file: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const text = raw.trim();
      if (!text || text.startsWith('#')) return;
      const [input, fields = ''] = text.split(' => ');
      const expected: Record<string, string> = {};
      for (const pair of fields.split('; ').filter(Boolean)) {
        const at = pair.indexOf('=');
        expected[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
      }
      // A leading "\#" is an input that starts with "#" ("# 2 Turner Rd"), not a comment.
      const unescaped = input.replace(/^\\#/, '#').replace(/\\n/g, '\n');
      cases.push({ line: i + 1, input: unescaped, expected });
    });
  return cases;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

test('every country corpus file is present and non-trivial', () => {
  for (const cc of ['us', 'ca', 'gb', 'de', 'fr', 'es', 'it', 'nl', 'mx', 'br', 'au']) {
    assert.ok(files.includes(`${cc}.txt`), `missing ${cc}.txt`);
  }
});

for (const file of files) {
  describe(`corpus ${file}`, () => {
    const cases = readCorpus(join(DIR, file));
    test('has cases', () => assert.ok(cases.length >= 10, `${file} has ${cases.length} cases`));
    for (const c of cases) {
      test(`${file}:${c.line} ${c.input}`, () => {
        assert.deepEqual({ ...parseAddress(c.input) }, c.expected);
      });
    }
  });
}
