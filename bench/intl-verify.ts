/**
 * International verification's throughput per core on format-level inputs (no imported
 * points: postal-code format, region, town in the gazetteer, postal layout), beside the
 * standard verifier's on US format-level inputs (ZIP/city/state from the bundled tables, no
 * points) in the same run. Both engines in memory, warm, measured in alternating rounds by
 * the process's CPU time.
 *
 *   node --import tsx bench/intl-verify.ts [--n 5000] [--rounds 5] [--details]
 *
 * --details asks every international verification for its details (includeDetails=true).
 */

import { reference } from '../src/engines/address/index.js';
import {
  type IntlStructured,
  MemoryIntlSource,
  verifyIntl,
  warmIntl,
} from '../src/engines/address/intl/index.js';
import { createVerifier, MemorySource, type VerifyInput } from '../src/engines/address/verify/index.js';
import { machine } from './support/bench-utils.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 5000);
const ROUNDS = arg('rounds', 5);
const OPTIONS = { includeDetails: process.argv.includes('--details') };

/** Real towns with a postal code of theirs, by country; streets and numbers are varied. */
const TOWNS: Array<[string, string, string, string]> = [
  ['GB', 'London', '', 'SW1A 2AA'],
  ['GB', 'Manchester', '', 'M1 1AE'],
  ['DE', 'München', 'BY', '80331'],
  ['DE', 'Reilingen', 'BW', '68799'],
  ['FR', 'Paris', '', '75004'],
  ['FR', 'Lyon', '', '69002'],
  ['IT', 'Milano', 'MI', '20121'],
  ['IT', 'Roma', 'RM', '00184'],
  ['ES', 'Madrid', 'Madrid', '28013'],
  ['NL', 'Amsterdam', '', '1015 CJ'],
  ['AU', 'Sydney', 'NSW', '2000'],
  ['JP', 'Chiyoda-ku', 'Tokyo', '100-0005'],
  ['BR', 'São Paulo', 'SP', '01304-000'],
  ['IN', 'Bengaluru', 'Karnataka', '560001'],
  ['CA', 'Toronto', 'ON', 'M5V 3L9'],
  ['MX', 'Guadalajara', 'Jalisco', '44100'],
];
const STREETS = [
  'High Street',
  'Hauptstraße',
  'Rue de la Paix',
  'Via Garibaldi',
  'Calle Mayor',
  'Kerkstraat',
  'George St',
  'Rua Augusta',
  'MG Road',
];

function intlInputs(n: number): IntlStructured[] {
  return Array.from({ length: n }, (_, i) => {
    const [country, city, region, postalOrZip] = TOWNS[i % TOWNS.length];
    const street = STREETS[(i * 7) % STREETS.length];
    const number = String(1 + (i % 397));
    const line1 = ['DE', 'IT', 'ES', 'NL', 'BR'].includes(country)
      ? `${street} ${number}`
      : `${number} ${street}`;
    return { country, line1, city, provinceOrState: region, postalOrZip };
  });
}

function usInputs(n: number): VerifyInput[] {
  const zips: NonNullable<ReturnType<typeof reference.zip>>[] = [];
  for (let z = 10001; z < 99999 && zips.length < 2000; z += 37) {
    const record = reference.zip(String(z).padStart(5, '0'));
    if (record) zips.push(record);
  }
  return Array.from({ length: n }, (_, i) => {
    const zip = zips[i % zips.length];
    return {
      line1: `${1 + (i % 397)} ${['Main St', 'Oak Ave', 'Elm Rd', 'Park Blvd'][i % 4]}`,
      city: zip.city,
      provinceOrState: zip.state,
      postalOrZip: zip.zip,
      country: 'us',
    };
  });
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main() {
  const intl = intlInputs(N);
  const us = usInputs(N);
  const intlSource = new MemoryIntlSource([]);
  const standard = createVerifier(new MemorySource());
  let started = cpuMs();
  await standard.warm();
  warmIntl();
  console.log(`warm: ${(cpuMs() - started).toFixed(0)} ms CPU (both engines' reference data)`);
  // One pass each before measuring (JIT, caches of layouts).
  for (const a of intl.slice(0, 2000)) await verifyIntl(a, intlSource, OPTIONS);
  for (const a of us.slice(0, 2000)) await standard.verify(a);
  const totals = { intl: 0, standard: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    started = cpuMs();
    for (const a of intl) await verifyIntl(a, intlSource, OPTIONS);
    totals.intl += cpuMs() - started;
    started = cpuMs();
    for (const a of us) await standard.verify(a);
    totals.standard += cpuMs() - started;
  }
  const per = (ms: number) => (ms * 1000) / (N * ROUNDS);
  const rate = (ms: number) => Math.round((N * ROUNDS) / (ms / 1000));
  console.log(machine());
  console.log(`${N} inputs x ${ROUNDS} rounds each, alternating`);
  console.log(
    `international (16 countries, structured${OPTIONS.includeDetails ? ', details' : ''}): ${per(totals.intl).toFixed(1)} µs CPU per verification, ${rate(totals.intl)}/s per core`,
  );
  console.log(
    `standard (US, structured, no points):     ${per(totals.standard).toFixed(1)} µs CPU per verification, ${rate(totals.standard)}/s per core`,
  );
  console.log(`ratio international / standard throughput: ${(totals.standard / totals.intl).toFixed(2)}x`);
  const sample = await verifyIntl(intl[2], intlSource);
  console.log('sample:', sample.formattedAddress, sample.summary.postProcessedVerificationMatchLevel);
}

await main();
