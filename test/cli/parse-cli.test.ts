import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { LOADER_ARGS, ROOT, runnableUrl } from '../helpers/code-root.js';

// The command of the code under test: compiled in test-build/ under npm test, else the source.
const PARSE = JSON.stringify(runnableUrl('src/cli/parse.ts'));

/** `postroom parse` from source, fed `input` on stdin; stdout read slowly when `slowReader`. */
function parse(input: string, slowReader = false): Promise<{ code: number | null; lines: string[] }> {
  const script = `import { parseCommand } from ${PARSE}; parseCommand([]).then((c) => { process.exitCode = c; });`;
  const child = spawn(process.execPath, [...LOADER_ARGS, '--input-type=module', '-e', script], {
    cwd: ROOT,
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    // A reader that stops now and then: the command must wait for it, not drop output.
    if (slowReader) {
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    }
  });
  child.stdin.end(input);
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, lines: out.split('\n').slice(0, -1) })),
  );
}

test('one JSON line per input line: CRLF, an empty line, a last line without its newline, units', async () => {
  const { code, lines } = await parse(
    '1 Main St APT 409 A\r\n2 Oak Ave #4-B, Boston MA\n\n3 Elm St\nSTE 2I\n4 Pine St BLDG 3 RM 12',
  );
  assert.equal(code, 0);
  assert.deepEqual(
    lines.map((l) => JSON.parse(l)),
    [
      { houseNumber: '1', road: 'Main St', unit: 'APT 409 A' },
      { houseNumber: '2', road: 'Oak Ave', unit: '# 4-B', city: 'Boston', state: 'MA' },
      {},
      { houseNumber: '3', road: 'Elm St' },
      { unit: 'STE 2I' },
      { houseNumber: '4', road: 'Pine St', unit: 'BLDG 3 RM 12' },
    ],
  );
});

test('a long input to a slow reader: every line answered, in order', async () => {
  const input = Array.from({ length: 20_000 }, (_, i) => `${i + 1} Main St, Louisville, KY 40205`).join('\n');
  const { code, lines } = await parse(`${input}\n`, true);
  assert.equal(code, 0);
  assert.equal(lines.length, 20_000);
  assert.equal(JSON.parse(lines[19_999]).houseNumber, '20000');
  assert.ok(lines.every((l, i) => JSON.parse(l).houseNumber === String(i + 1)));
});

/** `postroom parse --explain ADDRESS` from source: its stdout lines. */
function explain(address: string): Promise<{ code: number | null; lines: string[] }> {
  const script = `import { parseCommand } from ${PARSE}; parseCommand(['--explain', ${JSON.stringify(address)}]).then((c) => { process.exitCode = c; });`;
  const child = spawn(process.execPath, [...LOADER_ARGS, '--input-type=module', '-e', script], {
    cwd: ROOT,
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, lines: out.split('\n').slice(0, -1) })),
  );
}

test('--explain: every stage, then under the street stage its sub-stages and the rules that fired, in order', async () => {
  const { code, lines } = await explain('1800 M Street, NW Ste 700, Washington DC 20036');
  assert.equal(code, 0);
  const stages = lines.filter((l) => !l.startsWith(' ')).map((l) => l.split(' ')[0]);
  assert.deepEqual(stages, [
    'normalize',
    'tokenize',
    'classify',
    'near',
    'country',
    'recipient',
    'postcode',
    'state',
    'city',
    'town',
    'street',
    'assemble',
    'result',
  ]);
  const street = lines.findIndex((l) => l.startsWith('street '));
  const assemble = lines.findIndex((l) => l.startsWith('assemble '));
  assert.deepEqual(lines.slice(street + 1, assemble), [
    '           box or house number: house number "1800", numberFirst',
    '           layout: numberFirst',
    '           later segments',
    '             directional after the street: "NW Ste 700"',
    '           house and units',
  ]);
  assert.deepEqual(JSON.parse(lines.at(-1)!.slice('result'.padEnd(10).length + 1)), {
    houseNumber: '1800',
    road: 'M Street NW',
    unit: 'Ste 700',
    city: 'Washington',
    state: 'DC',
    postcode: '20036',
  });
});
