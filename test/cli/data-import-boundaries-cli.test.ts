import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { LOADER_ARGS, ROOT, runnableUrl } from '../helpers/code-root.js';
import { dropThrowawayDatabase, testDatabaseUrl } from '../helpers/test-database.js';
import { TIGER_DIR, tigerZip } from '../helpers/tiger-fixtures.js';

// The command of the code under test: compiled in test-build/ under npm test, else the source.
const MAIN = JSON.stringify(runnableUrl('src/cli/main.ts'));

// The CLI works in a database's default schema, so this file gets a throwaway database.
const name = `pr_tiger_${randomBytes(4).toString('hex')}`;
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

describe('postroom data import of TIGER/Line boundaries (the command)', () => {
  test('a folder of zips imports every layer and says what it read; a bad file is refused naming it', async () => {
    const res = await postroom(['data', 'import', TIGER_DIR]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^22 areas read: 22 new, 0 changed, 0 removed in /);
    assert.match(
      res.stdout,
      /tl_2024_21_tabblock20\.shp: 4 block areas \(2024\), replacing the layer's areas of state 21/,
    );
    assert.match(res.stdout, /tl_2024_us_cbsa\.shp: 3 cbsa areas \(2024\), replacing the layer's areas\n/);
    assert.match(res.stdout, /stored: .*block 4/);

    const again = await postroom(['data', 'import', tigerZip('tract'), tigerZip('county')]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^5 areas read: 0 new, 0 changed, 0 removed/);

    const bad = await postroom([
      'data',
      'import',
      path.join(TIGER_DIR, 'bad/service-areas.zip'),
      '--format',
      'shapefile',
    ]);
    assert.doesNotMatch(bad.stdout, /areas read/);
    assert.match(bad.stderr, /service-areas\.zip: service-areas\.dbf: not a TIGER\/Line boundary layer/);
  });

  test('data sources lists the TIGER/Line layers with where to get them and their licence', async () => {
    const res = await postroom(['data', 'sources']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /TIGER\/Line Shapefiles[\s\S]*licence: US government work, public domain/);
    for (const file of [
      'COUNTY/tl_{YYYY}_us_county.zip',
      'TABBLOCK20/tl_{YYYY}_SS_tabblock20.zip',
      'CD/tl_{YYYY}_SS_cd119.zip',
    ])
      assert.ok(res.stdout.includes(`https://www2.census.gov/geo/tiger/TIGER{YYYY}/${file}`), file);
    for (const layer of [
      'COUNTY',
      'TRACT',
      'TABBLOCK20',
      'CD',
      'SLDU',
      'SLDL',
      'CBSA',
      'CSA',
      'METDIV',
      'PLACE',
    ])
      assert.match(res.stdout, new RegExp(`^ {2}${layer} \\(`, 'm'));
  });
});
