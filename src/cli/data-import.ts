import { existsSync } from 'node:fs';
import { MapError } from '../reference-store/import/column-map.js';
import { importPoints } from '../reference-store/import/import-points.js';
import { type Args, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

export const DATA_USAGE = `postroom data import FILE [--map SPEC] [--source NAME]
                               address points (OpenAddresses CSV columns number, street, unit, city,
                               district, region, postcode, lat, lon, id; --map "number=a+b,street=c,...")`;

/** `postroom data import`: loads reference points; safe to re-run (the same file adds nothing). */
export async function dataCommand(args: Args): Promise<number> {
  const [, sub, file] = args.positional;
  if (sub !== 'import' || !file) throw new UsageError('usage: postroom data import FILE [--map SPEC]');
  if (!existsSync(file)) {
    console.error(`no such file: ${file}`);
    return 1;
  }
  const map = typeof args.flags.map === 'string' ? args.flags.map : undefined;
  const source = typeof args.flags.source === 'string' ? args.flags.source : undefined;
  try {
    const result = await withDatabase((db) => importPoints(db.pool, file, { map, source, progress: true }));
    const skipped = Object.entries(result.skipped).map(([why, n]) => `${n} ${why}`);
    console.log(
      `${file}: ${result.rows} rows, ${result.inserted} new points` +
        (skipped.length ? `, skipped ${skipped.join(', ')}` : '') +
        ` in ${result.seconds.toFixed(1)} s (${Math.round(result.rows / Math.max(result.seconds, 0.001))} rows/s)`,
    );
    return 0;
  } catch (err) {
    if (err instanceof MapError) {
      console.error(`${file}: ${err.message}`);
      return 2;
    }
    throw err;
  }
}
