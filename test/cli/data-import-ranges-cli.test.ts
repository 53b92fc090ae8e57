import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { LOADER_ARGS, ROOT, runnableUrl } from '../helpers/code-root.js';
import { dropThrowawayDatabase, testDatabaseUrl } from '../helpers/test-database.js';
import { RANGES_DIR, rangeZip, tigerZip } from '../helpers/tiger-fixtures.js';

// The command of the code under test: compiled in test-build/ under npm test, else the source.
const MAIN = JSON.stringify(runnableUrl('src/cli/main.ts'));

// The CLI works in a database's default schema, so this file gets a throwaway database.
const name = `pr_ranges_${randomBytes(4).toString('hex')}`;
let adminUrl: string;
let url: string;

function postroom(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `import { main } from ${MAIN}; main(${JSON.stringify(args)}).then((c) => { process.exitCode = c ?? 0; });`;
  const child = spawn(process.execPath, [...LOADER_ARGS, '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end();
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

before(async () => {
  adminUrl = await testDatabaseUrl();
  url = adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
});
after(() => dropThrowawayDatabase(adminUrl, name));

describe('postroom data import of TIGER/Line address ranges (the command)', () => {
  test('a folder of ADDRFEAT, ADDRFN and FEATNAMES zips imports and says what it read and refused', async () => {
    const res = await postroom(['data', 'import', RANGES_DIR]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(
      res.stdout,
      /^20 segments read, 35 side ranges: 35 new, 0 changed, 0 removed; alternate names \d+ new/,
    );
    assert.match(res.stdout, /refused 2 range not a number \(letters\), 1 range with one end blank/);
    assert.match(
      res.stdout,
      /tl_2024_21111_addrfeat\.shp: 19 segments, 33 side ranges \(2024\), replacing county 21111's/,
    );
    assert.match(res.stdout, /tl_2024_21111_addrfn\.dbf: \d+ alternate names/);
    const again = await postroom(['data', 'import', rangeZip('addrfeat')]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^19 segments read, 33 side ranges: 0 new, 0 changed, 0 removed/);
    const mixed = await postroom(['data', 'import', rangeZip('addrfeat'), tigerZip('tract')]);
    assert.notEqual(mixed.code, 0);
    assert.match(mixed.stderr, /address ranges \(ADDRFEAT\) and other files are imported in separate runs/);
    const alone = await postroom(['data', 'import', rangeZip('addrfn')]);
    assert.equal(alone.code, 2);
    assert.match(
      alone.stderr,
      /tl_2024_21111_addrfn\.dbf: ADDRFN .* import tl_2024_21111_featnames\.zip with it/,
    );
  });

  test('data sources lists TIGER/Line ADDRFEAT with where to get it and its licence', async () => {
    const res = await postroom(['data', 'sources']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /address ranges \(ADDRFEAT[\s\S]*licence: US government work, public domain/);
    for (const file of [
      'ADDRFEAT/tl_{YYYY}_SSCCC_addrfeat.zip',
      'ADDRFN/tl_{YYYY}_SSCCC_addrfn.zip',
      'FEATNAMES/tl_{YYYY}_SSCCC_featnames.zip',
    ])
      assert.ok(res.stdout.includes(`https://www2.census.gov/geo/tiger/TIGER{YYYY}/${file}`), file);
  });
});
