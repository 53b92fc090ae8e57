import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { type ImportResult, importPoints } from '../../src/reference-store/import/import-points.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { dropThrowawayDatabase, testDatabaseUrl } from '../helpers/test-database.js';

// The import's summary says what became of every row it read, and the counts add up.
const name = `pr_sum_${randomBytes(4).toString('hex')}`;
let adminUrl: string;
let url: string;
let pool: Pool;

/** 7 rows: 3 addresses, 2 repeats of them (another position; "Road" for "RD"), 2 that cannot be points. */
const FILE = path.join(os.tmpdir(), `postroom-${process.pid}-summary.csv`);
writeFileSync(
  FILE,
  [
    'number,street,city,state,postcode,lat,lon',
    '100,Newburg Rd,Louisville,KY,40205,38.2200,-85.7100',
    '102,Newburg Rd,Louisville,KY,40205,38.2202,-85.7102',
    '100,Newburg Rd,Louisville,KY,40205,38.2201,-85.7101',
    ',Newburg Rd,Louisville,KY,40205,38.2203,-85.7103',
    '104,Newburg Rd,Louisville,KY,40205,,',
    '106,NEWBURG RD,Louisville,KY,40205,38.2206,-85.7106',
    '106,Newburg Road,Louisville,KY,40205,38.2206,-85.7106',
  ].join('\n'),
);

/** Every row read has exactly one fate. */
function assertAddsUp(r: ImportResult): void {
  const skipped = Object.values(r.skipped).reduce((a, b) => a + b, 0);
  assert.equal(
    r.inserted + r.alreadyStored + r.repeated + skipped + r.resumedAfter,
    r.rows,
    JSON.stringify(r),
  );
}

before(async () => {
  adminUrl = await testDatabaseUrl();
  url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  pool = createPool(url, { max: 4 });
  await migrate(pool);
});
after(async () => {
  await pool.end();
  await dropThrowawayDatabase(adminUrl, name);
});
beforeEach(() => pool.query('TRUNCATE address_points, address_point_areas, address_point_imports'));

describe('what became of every row', () => {
  test('new, repeated in the file, skipped by reason; again: already stored. The counts add up', async () => {
    const first = await importPoints(pool, FILE);
    assert.deepEqual(
      [first.rows, first.inserted, first.alreadyStored, first.repeated, first.skipped],
      [7, 3, 0, 2, { 'no number': 1, 'no position': 1 }],
    );
    assertAddsUp(first);
    const again = await importPoints(pool, FILE);
    assert.deepEqual([again.inserted, again.alreadyStored, again.repeated], [0, 3, 2]);
    assertAddsUp(again);
  });

  test('in chunks, a repeat of an earlier chunk is already stored; still every row counted once', async () => {
    const r = await importPoints(pool, FILE, { chunkRows: 2 });
    assert.deepEqual([r.rows, r.inserted, r.alreadyStored, r.repeated], [7, 3, 2, 0]);
    assertAddsUp(r);
  });

  test('the command prints each count, and they add up to the rows read', async () => {
    const env = cliEnv({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
    for (const [run, fates] of [
      [
        'first',
        "3 new, 0 already stored, 2 repeated an earlier row's address, 2 skipped (1 no number, 1 no position)",
      ],
      [
        'again',
        "0 new, 3 already stored, 2 repeated an earlier row's address, 2 skipped (1 no number, 1 no position)",
      ],
    ]) {
      const res = await runCli(['data', 'import', FILE], env);
      assert.equal(res.code, 0, res.stderr);
      const lines = res.stdout.split('\n');
      assert.match(lines[0], new RegExp(`: 7 rows, ${run === 'first' ? 3 : 0} new points in \\d+\\.\\d s `));
      assert.equal(lines[1], `  of the 7 rows: ${fates}`, run);
      const counts = lines[1]
        .replace(/\(.*\)/, '')
        .match(/\d+/g)!
        .map(Number);
      assert.equal(
        counts.slice(1).reduce((a, b) => a + b, 0),
        counts[0],
        lines[1],
      );
    }
  });
});
