/** Inputs for bench/verify.ts: the dev cases, negative cases of our own, synthetic scale points. */

import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { usZipIndex } from '../src/engines/address/reference/us-zips.js';

export const DATA = path.resolve(import.meta.dirname, '../../shared/data');
export const REF = path.join(DATA, 'reference');
export const SF_MAP =
  'number=number+number_suffix,street=street_name+street_type,unit=unit,city=city,region=state,postcode=postcode,lat=lat,lon=lon';

export interface DevCase {
  input: string;
  perturbations: string[];
  expected: { number: string; street: string; unit: string; postcode: string; lat: number; lon: number };
}

export function devCases(): DevCase[] {
  return readFileSync(path.join(DATA, 'verify/dev-louisville.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

type Row = Record<string, string>;
const rows = (file: string): Row[] => parse(readFileSync(path.join(REF, file)), { columns: true });

/** A deterministic generator so runs compare. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Addresses that do not exist in the Louisville reference: (a) a real street with a house
 * number it does not have, (b) a street name taken from the NYC file that Louisville lacks,
 * with a real Louisville ZIP. None may come back verified or corrected.
 */
export function negativeCases(n: number): string[] {
  const louisville = rows('us-ky-louisville-points.csv');
  const numbersOn = new Map<string, Set<string>>();
  for (const r of louisville) {
    const set = numbersOn.get(r.street) ?? new Set();
    set.add(r.number);
    numbersOn.set(r.street, set);
  }
  const names = new Set(louisville.map((r) => r.street.split(' ').slice(0, -1).join(' ')));
  const foreign = rows('us-ny-nyc-points.csv').filter(
    (r) => /^[A-Z]/.test(r.street) && !names.has(r.street.split(' ').slice(0, -1).join(' ')),
  );
  const rnd = random(7);
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const r = louisville[Math.floor(rnd() * louisville.length)];
    if (i % 2 === 0) {
      const taken = numbersOn.get(r.street)!;
      let number = Number(r.number) + 2;
      while (taken.has(String(number))) number += 2;
      if (number > 0) out.push(`${number} ${r.street}, LOUISVILLE, KY ${r.postcode}`);
    } else {
      const f = foreign[Math.floor(rnd() * foreign.length)];
      out.push(`${r.number} ${f.street}, LOUISVILLE, KY ${r.postcode}`);
    }
  }
  return out;
}

/** Bumped whenever writeSyntheticPoints changes what it writes (bench/verify.ts --reuse checks it). */
export const SYNTHETIC_VERSION = 1;

/**
 * `count` synthetic points in the OpenAddresses layout: real street names from the three
 * files, spread over every US ZIP (the dev ZIPs grow like the rest), numbers that do not
 * collide with real ones (they start at 100000).
 */
export async function writeSyntheticPoints(file: string, count: number): Promise<void> {
  const streets = [
    ...new Set(
      [...rows('us-ky-louisville-points.csv'), ...rows('us-ny-nyc-points.csv')].map((r) => r.street),
    ),
  ];
  const zips = [...usZipIndex().byZip.values()].filter((z) => !z.military);
  const out = createWriteStream(file);
  out.write('number,street,city,region,postcode,lat,lon\n');
  const rnd = random(11);
  for (let i = 0; i < count; i++) {
    const zip = zips[i % zips.length];
    const street = streets[Math.floor(rnd() * streets.length)];
    const line = `${100000 + Math.floor(i / zips.length)},${street},${zip.city},${zip.state},${zip.zip},${(zip.lat + (rnd() - 0.5) / 50).toFixed(6)},${(zip.lon + (rnd() - 0.5) / 50).toFixed(6)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
