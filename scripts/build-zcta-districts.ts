/**
 * Builds src/engines/address/reference/data/zcta-districts.txt, the compact ZCTA ->
 * congressional district table, from ../shared/data/reference/zcta-congressional-district.csv
 * (us-zipcodes-congress, US government work, public domain).
 *
 * Format, one line per state: `KY|40003:2,+1:2/4,...` - the first ZCTA in full, the
 * next ones as the difference from the previous; districts joined by "/" ("0" = at large).
 * Run: node --import tsx scripts/build-zcta-districts.ts [csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const csv = process.argv[2] ?? resolve(root, '../shared/data/reference/zcta-congressional-district.csv');
const out = resolve(root, 'src/engines/address/reference/data/zcta-districts.txt');

const byState = new Map<string, Map<number, Set<string>>>();
for (const line of readFileSync(csv, 'utf8').trim().split('\n').slice(1)) {
  const [, state, zcta, cd] = line.trim().split(',');
  if (!/^\d{5}$/.test(zcta) || !/^\d+$/.test(cd)) continue;
  const zctas = byState.get(state) ?? new Map<number, Set<string>>();
  const districts = zctas.get(Number(zcta)) ?? new Set<string>();
  districts.add(String(Number(cd)));
  zctas.set(Number(zcta), districts);
  byState.set(state, zctas);
}

const lines: string[] = [];
for (const state of [...byState.keys()].sort()) {
  let prev = -1;
  const cells: string[] = [];
  for (const [zcta, districts] of [...byState.get(state)!].sort((a, b) => a[0] - b[0])) {
    const key = prev < 0 ? String(zcta).padStart(5, '0') : `+${zcta - prev}`;
    cells.push(`${key}:${[...districts].sort((a, b) => Number(a) - Number(b)).join('/')}`);
    prev = zcta;
  }
  lines.push(`${state}|${cells.join(',')}`);
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${out}: ${lines.length} states`);
