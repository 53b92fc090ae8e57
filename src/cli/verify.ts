/**
 * `postroom verify`: one address per stdin line - a freeform string, or a JSON object with
 * line1, line2, city, provinceOrState, postalOrZip, country, recipient, urbanization - and
 * one JSON line out per input: the verified address as POST /v1/addver/verifications
 * returns it with includeDetails and geocode. Uses the same database as `serve`, running or not.
 */
import { createInterface } from 'node:readline';
import { createVerifier, type VerifyInput } from '../engines/address/verify/index.js';
import { PgGeographies } from '../reference-store/boundaries/pg-geographies.js';
import { PgSource } from '../reference-store/pg-source.js';
import { withDatabase } from './with-database.js';

function inputOf(line: string): VerifyInput {
  const text = line.trim();
  if (!text.startsWith('{')) return text;
  const json = JSON.parse(text) as Record<string, unknown>;
  const str = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : undefined);
  return {
    line1: str('line1') ?? '',
    line2: str('line2'),
    city: str('city'),
    provinceOrState: str('provinceOrState'),
    postalOrZip: str('postalOrZip'),
    country: str('country'),
    recipient: str('recipient'),
    urbanization: str('urbanization'),
  };
}

export async function verifyCommand(): Promise<number> {
  return withDatabase(async (db) => {
    const verifier = createVerifier(new PgSource(db.pool), { geographies: new PgGeographies(db.pool) });
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (!line.trim()) continue;
      let out: string;
      try {
        out = JSON.stringify(await verifier.verify(inputOf(line), { includeDetails: true, geocode: true }));
      } catch (err) {
        out = JSON.stringify({ error: (err as Error).message });
      }
      if (!process.stdout.write(`${out}\n`)) await new Promise((r) => process.stdout.once('drain', r));
    }
    return 0;
  });
}
