/**
 * Customer-file rows for the list benches (mailing list imports, bulk verification lists),
 * made from the Louisville reference points of ../shared/data, or the test fixture's few
 * points when that is not beside the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { LOUISVILLE_CSV } from '../../test/helpers/verify-fixture.js';

const SHARED_POINTS = path.resolve(
  import.meta.dirname,
  '../../../shared/data/reference/us-ky-louisville-points.csv',
);

/** The points file the verifier's data is imported from (the fixture is written to `dir` when needed), and its rows. */
export function louisvillePoints(dir: string): { file: string; points: Record<string, string>[] } {
  const file = existsSync(SHARED_POINTS) ? SHARED_POINTS : path.join(dir, 'fixture-points.csv');
  if (file !== SHARED_POINTS) writeFileSync(file, LOUISVILLE_CSV);
  const rows = parse(readFileSync(file), { columns: true }) as Record<string, string>[];
  const lower = (r: Record<string, string>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k.toLowerCase(), v]));
  return { file, points: rows.map(lower) };
}

/**
 * Row i's address over the points: most exact (verified), one in 20 each with a street typo
 * or without its ZIP (corrected), with a house number that does not exist (failed), or
 * without a street (invalid).
 */
export function variedAddress(points: Record<string, string>[], i: number) {
  const p = points[i % points.length];
  const kind = i % 20;
  let street = `${p.number} ${p.street}`;
  let zip = p.postcode;
  if (kind === 1) street = `${p.number} ${p.street.replace(/([A-Z])([A-Z])/, '$2$1')}`;
  if (kind === 2) zip = '';
  if (kind === 3) street = `${Number.parseInt(p.number, 10) + 100001} ${p.street}`;
  if (kind === 4) street = '';
  return { street, unit: p.unit ?? '', city: p.city, zip };
}
