import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { parseArgs, UsageError } from '../../src/cli/args.js';
import { importOptions } from '../../src/cli/data-import.js';
import { terminalProgress } from '../../src/reference-store/import/progress.js';
import { LOADER_ARGS, ROOT, runnableUrl } from '../helpers/code-root.js';
import { type FileServer, startFileServer } from '../helpers/file-server.js';
import { dropThrowawayDatabase, testDatabaseUrl } from '../helpers/test-database.js';

// The command of the code under test: compiled in test-build/ under npm test, else the source.
const MAIN = JSON.stringify(runnableUrl('src/cli/main.ts'));

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');

// The CLI works in a database's default schema, so this file gets a throwaway database.
const name = `pr_imp_${randomBytes(4).toString('hex')}`;
let adminUrl: string;
let url: string;
let files: FileServer;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function postroom(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `import { main } from ${MAIN}; main(${JSON.stringify(args)}).then((c) => { process.exitCode = c ?? 0; });`;
  const child = spawn(process.execPath, [...LOADER_ARGS, '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', POSTROOM_ALLOW_PRIVATE_URLS: 'false' },
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
  await admin(`CREATE DATABASE ${name}`);
  files = await startFileServer({
    '/us/ky/louisville-addresses-city.csv': readFileSync(path.join(FIXTURES, 'oa-louisville.csv')),
  });
});
after(async () => {
  await files.close();
  await dropThrowawayDatabase(adminUrl, name);
});

describe('postroom data import and data sources (the command)', () => {
  test('a loopback URL needs --allow-private; with it the import prints what it read, as what, and where', async () => {
    const source = `${files.url}/us/ky/louisville-addresses-city.csv`;
    const refused = await postroom(['data', 'import', source]);
    assert.match(refused.stderr, /127\.0\.0\.1 is a private address/);
    assert.doesNotMatch(refused.stdout, /new points/);

    const res = await postroom(['data', 'import', source, '--allow-private']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /: 7 rows, 6 new points in /);
    assert.match(
      res.stdout,
      /\n {2}of the 7 rows: 6 new, 0 already stored, 0 repeated an earlier row's address, 1 skipped \(1 no number\)\n/,
    );
    assert.match(res.stdout, /read us\/ky\/louisville-addresses-city\.csv as csv \(US, KY\)/);

    const runs = await postroom(['data', 'sources', '--runs']);
    assert.equal(runs.code, 0, runs.stderr);
    assert.match(
      runs.stdout,
      /complete +http:\/\/127\.0\.0\.1:\d+\/us\/ky\/louisville-addresses-city\.csv {2}7 rows, 6 new/,
    );
    // The refused one never started: no run for it.
    assert.equal(runs.stdout.trim().split('\n').length, 1);
  });

  test('data sources lists OpenAddresses, the NAD and TIGER/Line with their licences and an import line each', async () => {
    const res = await postroom(['data', 'sources']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /OpenAddresses/);
    assert.match(
      res.stdout,
      /National Address Database[\s\S]*licence: US government work[^\n]*public domain/,
    );
    assert.match(res.stdout, /TIGER\/Line[\s\S]*public domain[\s\S]*ADDRFEAT/);
    // OpenAddresses twice, the NAD, any CSV, the boundary layers, the address ranges.
    assert.equal((res.stdout.match(/^ {2}import: {2}postroom data import /gm) ?? []).length, 6);
  });
});

describe('flags', () => {
  const options = (...argv: string[]) => importOptions(parseArgs(['data', 'import', 'f.csv', ...argv]));

  test('each flag reaches the importer', () => {
    const o = options(
      '--format',
      'nad',
      '--country',
      'DE',
      '--region',
      'BE',
      '--no-resume',
      '--max-bytes',
      '1000',
    );
    assert.equal(o.format, 'nad');
    assert.equal(o.country, 'DE');
    assert.equal(o.region, 'BE');
    assert.equal(o.resume, false);
    assert.equal(o.fetch?.maxBytes, 1000);
  });

  test('a bad value is a usage error naming the flag', () => {
    assert.throws(
      () => options('--format', 'xml'),
      (e: Error) => e instanceof UsageError && /--format must be one of: csv, geojson, nad/.test(e.message),
    );
    assert.throws(() => options('--timeout', '-3'), /--timeout must be a positive number/);
    assert.throws(() => options('--country'), /--country needs a value/);
  });
});

describe('progress', () => {
  test('off a terminal: plain lines with rows, new points, rate and share of the bytes', () => {
    let written = '';
    const sink = {
      isTTY: false,
      write: (s: string) => {
        written += s;
        return true;
      },
    };
    const progress = terminalProgress(2000, sink as never, 0);
    progress.update({ bytes: 500, rows: 1000, inserted: 900 });
    progress.done();
    assert.match(written, /^import: 1000 rows, 900 new points, \d+ rows\/s \(25\.0% of 2000 bytes\)\n$/);
  });
});
