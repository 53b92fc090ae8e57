import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cachedTable } from '../../../src/engines/address/reference/cached-table.js';

const ENTRIES: Array<[string, string]> = [
  ['PARIS', 'FR,US,US-TX'],
  ['PARI', 'IT'],
  ['PARISH', 'US,US-NY'],
  ["COEUR D'ALENE", 'US,US-ID'],
  ['A', 'NO'],
  ['ZÜRICH', 'CH'],
  ['ŁÓDŹ', 'PL'],
];
const MISSES = ['', 'PAR', 'PARISX', 'PARIS ', 'B', 'ZZZ', 'ZÜRIC'];

test('a cached table answers as the built one, from the second process on without building', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'postroom-cached-table-'));
  const source = path.join(root, 'node_modules', 'some-data', 'data.json');
  mkdirSync(path.dirname(source), { recursive: true });
  writeFileSync(source, '{}');
  let builds = 0;
  const build = () => {
    builds++;
    return new Map(ENTRIES);
  };
  const first = cachedTable('test-table', source, build);
  const second = cachedTable('test-table', source, build);
  assert.equal(builds, 1, 'the second load reads the cache');
  assert.deepEqual(readdirSync(path.join(root, 'node_modules', '.cache', 'postroom')).length, 1);
  for (const table of [first, second]) {
    for (const [key, value] of ENTRIES) assert.equal(table.get(key), value, key);
    for (const key of MISSES) assert.equal(table.get(key), undefined, JSON.stringify(key));
  }
});

test('outside node_modules nothing is cached: every load builds', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'postroom-cached-table-'));
  const source = path.join(root, 'data.json');
  writeFileSync(source, '{}');
  let builds = 0;
  const build = () => {
    builds++;
    return new Map(ENTRIES);
  };
  cachedTable('test-table', source, build);
  const again = cachedTable('test-table', source, build);
  assert.equal(builds, 2);
  assert.equal(again.get('PARIS'), 'FR,US,US-TX');
});
