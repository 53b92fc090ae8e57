import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { commandHelp, globalHelp, synopsis, takesValue } from '../../src/cli/command-spec.js';
import { COMMANDS, GROUPS } from '../../src/cli/commands.js';
import { DEFAULT_PORT } from '../../src/cli/webhooks.js';
import { FETCH_DEFAULTS } from '../../src/reference-store/import/source-input.js';
import { cliEnv, ROOT, runCli } from '../helpers/cli.js';

// The compiled command (bin/postroom.js), as an operator runs it; nothing here reaches a
// database: help and usage errors are answered before a command's code is loaded.
const env = cliEnv({
  POSTROOM_DATA_DIR: '/nonexistent-unused',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
});

/** Runs `tasks` two at a time (the machine's cores are shared). */
async function twoAtATime<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    [0, 1].map(async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/** The commands of the README's command table: the `postroom ...` words of each row's first cell. */
function readmeRows(): Array<{ cell: string; commands: string[] }> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## The `postroom` command'));
  const rows = table
    .split('\n')
    .filter((l) => l.startsWith('| `postroom'))
    .map((l) => l.split(' | ')[0]);
  const known = COMMANDS.map((c) => c.path.join(' ')).sort((a, b) => b.length - a.length);
  return rows.map((cell) => ({
    cell,
    commands: [...cell.matchAll(/`postroom ([^`]+)`/g)].map((m) => {
      const words = m[1];
      const name = known.find((k) => words === k || words.startsWith(`${k} `));
      assert.ok(name, `README row names an unknown command: postroom ${words}`);
      return name;
    }),
  }));
}

describe('every command answers --help with its own text', () => {
  test('exit 0, its synopsis first, each flag with its default or "required", examples', async () => {
    await twoAtATime(COMMANDS, async (spec) => {
      const res = await runCli([...spec.path, '--help'], env);
      const name = spec.path.join(' ');
      assert.equal(res.code, 0, `${name}: ${res.stderr}`);
      assert.equal(res.stdout.trimEnd(), commandHelp(spec), name);
      assert.ok(res.stdout.startsWith(synopsis(spec, 100).split('\n')[0]), name);
      assert.doesNotMatch(res.stdout, /^Usage: postroom COMMAND/, `${name} printed the global usage`);
      for (const f of spec.flags ?? []) {
        assert.match(res.stdout, new RegExp(`^  --${f.name}\\b`, 'm'), `${name} --${f.name}`);
        assert.ok(
          f.required || f.default !== undefined || !takesValue(f),
          `${name} --${f.name} has no default`,
        );
      }
      assert.match(res.stdout, /\nExamples:\n {2}\S/, name);
      assert.equal(res.stderr, '', name);
    });
  });

  test('-h, `help COMMAND` and help after other flags say the same', async () => {
    const own = commandHelp(COMMANDS.find((c) => c.path.join(' ') === 'keys create')!);
    for (const argv of [
      ['keys', 'create', '-h'],
      ['help', 'keys', 'create'],
      ['keys', 'create', '--org', 'acme', '--mode', 'nonsense', '--help'],
    ]) {
      const res = await runCli(argv, env);
      assert.equal(res.code, 0, argv.join(' '));
      assert.equal(res.stdout.trimEnd(), own, argv.join(' '));
    }
  });

  test('a group lists its commands; the global usage lists every command', async () => {
    for (const group of GROUPS) {
      const res = await runCli([group.name, '--help'], env);
      assert.equal(res.code, 0);
      for (const spec of COMMANDS.filter((c) => c.path[0] === group.name))
        assert.ok(res.stdout.includes(spec.summary), `${group.name}: ${spec.path.join(' ')}`);
    }
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const res = await runCli(argv, env);
      assert.equal(res.code, 0);
      assert.equal(res.stdout.trimEnd(), globalHelp(COMMANDS));
    }
    for (const spec of COMMANDS)
      assert.match(globalHelp(COMMANDS), new RegExp(`^  ${spec.path.join(' ')} `, 'm'));
  });
});

describe('a usage error is one line with a pointer to the help, exit 2', () => {
  const oneLine = (
    res: { code: number | null; stdout: string; stderr: string },
    pattern: RegExp,
    what: string,
  ) => {
    assert.equal(res.code, 2, `${what}: ${res.stderr}`);
    assert.equal(res.stdout, '', what);
    const lines = res.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, `${what}: ${res.stderr}`);
    assert.match(lines[0], pattern, what);
  };

  test('an unknown flag, on every command', async () => {
    await twoAtATime(COMMANDS, async (spec) => {
      const name = spec.path.join(' ');
      const res = await runCli([...spec.path, '--no-such-flag'], env);
      oneLine(
        res,
        new RegExp(`^postroom ${name}: unknown flag --no-such-flag \\(see: postroom ${name} --help\\)$`),
        name,
      );
    });
  });

  test('bad values, missing values and arguments, unknown commands', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['keys', 'create', '--org', 'a', '--mode', 'x', '--product', 'addver'],
        /^postroom keys create: --mode must be one of: test, live \(see: postroom keys create --help\)$/,
      ],
      [
        ['keys', 'create', '--mode', 'test'],
        /^postroom keys create: --org is required \(see: postroom keys create --help\)$/,
      ],
      [
        ['keys', 'revoke'],
        /^postroom keys revoke: needs KEY_ID_OR_KEY \(see: postroom keys revoke --help\)$/,
      ],
      [
        ['keys', 'list', 'extra'],
        /^postroom keys list: unexpected argument "extra" \(see: postroom keys list --help\)$/,
      ],
      [['data', 'import'], /^postroom data import: needs FILE\|URL \(see: postroom data import --help\)$/],
      [
        ['data', 'import', 'f.csv', '--map'],
        /^postroom data import: --map needs a value \(SPEC\) \(see: postroom data import --help\)$/,
      ],
      [
        ['data', 'import', 'f.csv', '--format', 'xml'],
        /^postroom data import: --format must be one of: csv, geojson, nad, shapefile, addrfeat /,
      ],
      [
        ['data', 'import', 'f.csv', '--timeout', '-3'],
        /^postroom data import: --timeout must be a positive number \(see: postroom data import --help\)$/,
      ],
      [
        ['webhooks', 'listen', '--port', 'x'],
        /^postroom webhooks listen: --port must be a port number \(see: postroom webhooks listen --help\)$/,
      ],
      [
        ['orgs', 'set-plan', '--org', 'a'],
        /^postroom orgs set-plan: set-plan needs --free-limit, .* \(see: postroom orgs set-plan --help\)$/,
      ],
      [['keys'], /^postroom keys: needs a command: create, list, revoke \(see: postroom keys --help\)$/],
      [
        ['keys', 'frob'],
        /^postroom keys: unknown command "frob"; its commands: create, list, revoke \(see: postroom keys --help\)$/,
      ],
      [['frob'], /^postroom: unknown command "frob" \(see: postroom --help\)$/],
      [['parse', '--explain'], /^postroom parse: --explain needs a value \(ADDRESS\) /],
    ];
    await twoAtATime(cases, async ([argv, pattern]) =>
      oneLine(await runCli(argv, env), pattern, argv.join(' ')),
    );
  });
});

describe('one home for the help', () => {
  test('each spec: a one-line summary, examples that run the command, no flag twice', () => {
    const names = new Set<string>();
    for (const spec of COMMANDS) {
      const name = spec.path.join(' ');
      assert.ok(!names.has(name), name);
      names.add(name);
      assert.doesNotMatch(spec.summary, /\n/, name);
      assert.ok(spec.examples.length > 0, name);
      for (const e of spec.examples)
        assert.ok(e.command.includes(`postroom ${name}`), `${name}: ${e.command}`);
      const flags = (spec.flags ?? []).map((f) => f.name);
      assert.equal(new Set(flags).size, flags.length, name);
    }
  });

  test("defaults shown are the code's", () => {
    const flag = (cmd: string, name: string) =>
      COMMANDS.find((c) => c.path.join(' ') === cmd)!.flags!.find((f) => f.name === name)!;
    assert.ok(flag('data import', 'max-bytes').default!.startsWith(`${FETCH_DEFAULTS.maxBytes} `));
    assert.ok(flag('data import', 'timeout').default!.startsWith(`${FETCH_DEFAULTS.timeoutMs / 1000} `));
    assert.equal(flag('webhooks listen', 'port').default, String(DEFAULT_PORT));
  });

  test("the README's command table names every command, and only flags the command has", () => {
    const rows = readmeRows();
    const listed = new Set(rows.flatMap((r) => r.commands));
    for (const spec of COMMANDS)
      assert.ok(listed.has(spec.path.join(' ')), `README lacks postroom ${spec.path.join(' ')}`);
    for (const row of rows) {
      const flags = new Set(
        COMMANDS.filter((c) => row.commands.includes(c.path.join(' '))).flatMap((c) =>
          (c.flags ?? []).map((f) => f.name),
        ),
      );
      for (const [, flag] of row.cell.matchAll(/--([a-z][a-z-]*)/g))
        assert.ok(flags.has(flag), `README: ${row.cell} names --${flag}, which its command does not have`);
    }
  });

  test('the table loads no command code: specs import types alone', () => {
    const imports = (file: string) =>
      [
        ...readFileSync(path.join(ROOT, 'src/cli', file), 'utf8').matchAll(
          /^import (type )?.*from '([^']+)'/gm,
        ),
      ].map((m) => ({ typeOnly: Boolean(m[1]), from: m[2] }));
    for (const file of readdirSync(path.join(ROOT, 'src/cli/specs')))
      for (const i of imports(`specs/${file}`)) assert.ok(i.typeOnly, `specs/${file} imports ${i.from}`);
    const light = new Set(['./args.js', './command-spec.js', './commands.js']);
    for (const file of ['main.ts', 'command-spec.ts', 'commands.ts', 'args.ts'])
      for (const i of imports(file))
        assert.ok(
          i.typeOnly || light.has(i.from) || i.from.startsWith('./specs/'),
          `${file} imports ${i.from}`,
        );
  });
});
