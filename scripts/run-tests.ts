/**
 * Runs the test files: the slowest first (scripts/slow-tests.txt), each in a process of its
 * own, then the rest, `GROUP_SIZE` files to a process (test/helpers/file-group.ts: one after
 * another, each its own suite), `TEST_CONCURRENCY` processes at a time (default 3). The order
 * is this runner's: `node --test FILES` sorts the files by name whatever order they are given
 * in, so a long one could start last and run alone at the end.
 * Started by scripts/test.sh compiled, as `node --test-timeout=600000
 * test-build/scripts/run-tests.js [FILES]` (scripts/build-tests.ts); each process runs with the
 * same flags, so from test-build/ too, without a loader. FILES and the times it writes name the
 * sources (test/x.test.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { setTimeout } from 'node:timers/promises';
import { CODE_ROOT, COMPILED, ROOT as root, runnable, runnableUrl } from '../test/helpers/code-root.js';
import { newRunId, TEST_RUN_ENV } from '../test/helpers/test-run.js';

/** The source a file of this tree was made from (test/x.test.ts for test-build/test/x.test.js). */
const sourceOf = (file: string) => {
  const rel = path.relative(CODE_ROOT, file);
  return COMPILED ? rel.replace(/\.js$/, '.ts') : rel;
};

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

const slowest = readFileSync(path.join(root, 'scripts/slow-tests.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#') && existsSync(path.join(root, l)));
const given = process.argv.slice(2);
const all = given.length
  ? given.map((f) => path.relative(root, path.resolve(root, f)))
  : testFiles('test').sort();
const alone = slowest.filter((f) => all.includes(f));
const grouped = all.filter((f) => !alone.includes(f));

// Files that share a process share its imports (the harness, ~1.1–1.4 s of CPU a file) and its
// compiled code; the slow files keep a process each, so that three of them run side by side.
// Dealt out like cards (file i to group i mod n), so that each group gets some of each folder's
// files and the groups take about as long as one another.
const GROUP_SIZE = Number(process.env.TEST_GROUP_SIZE ?? 12);
const groups: string[][] = Array.from({ length: Math.ceil(grouped.length / GROUP_SIZE) }, () => []);
grouped.forEach((f, i) => {
  groups[i % groups.length].push(f);
});
const runId = newRunId();
const groupDir = path.join(root, 'test-artifacts/groups', runId);
if (groups.length) mkdirSync(groupDir, { recursive: true });
const groupFiles = groups.map((sources, i) => {
  const file = path.join(groupDir, `group-${String(i + 1).padStart(2, '0')}.test.mjs`);
  writeFileSync(
    file,
    `import { runFiles } from ${JSON.stringify(runnableUrl('test/helpers/file-group.ts'))};\n` +
      `await runFiles(${JSON.stringify(sources, null, 2)});\n`,
  );
  return file;
});
const files = [...alone.map((f) => runnable(f)), ...groupFiles];
// A group's files are suites that file-group.ts defines, so their events name it as their file.
const GROUP_RUNNER = runnable('test/helpers/file-group.ts');

// Each file's time (its top-level tests added up), slowest first, for scripts/slow-tests.txt (test-artifacts/ is ignored by git).
// In a group a file is one top-level suite, named by its source.
const fileTimes = new Map<string, number>();
const recordFile = (data: {
  name: string;
  nesting: number;
  file?: string;
  details: { duration_ms: number };
}) => {
  if (data.nesting === 0 && data.file) {
    const rel = data.file === GROUP_RUNNER ? data.name : sourceOf(data.file);
    fileTimes.set(rel, (fileTimes.get(rel) ?? 0) + data.details.duration_ms);
  }
};
let failed = false;
process.on('exit', () => {
  // Whatever else asked for an exit (an imported module's exit hook), a failed test fails the run.
  if (failed) process.exitCode = 1;
  const rows = [...fileTimes].sort((a, b) => b[1] - a[1]).map(([f, ms]) => `${(ms / 1000).toFixed(1)}\t${f}`);
  mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });
  writeFileSync(path.join(root, 'test-artifacts/file-times.tsv'), `${rows.join('\n')}\n`);
});

// Test servers' databases are not dropped by their files (test/helpers/test-run.ts): the runner
// drops those whose servers have closed while the run goes on, one at a time (each DROP DATABASE
// waits for a checkpoint, ~0.25 s quiet: the 121 of a run took ~30 s when all left to the end),
// and the rest once every file is done.
process.env[TEST_RUN_ENV] = runId;
const { dropRunDatabases } = await import('../test/helpers/template-database.js');
const sweeping = new AbortController();
let dropped = 0;
const sweeper = (async () => {
  for (;;) {
    await setTimeout(10_000, undefined, { signal: sweeping.signal }).catch(() => {});
    if (sweeping.signal.aborted) return;
    dropped += await dropRunDatabases(runId, { closedOnly: true }).catch(() => 0);
  }
})();

const tests = run({
  files,
  concurrency: Number(process.env.TEST_CONCURRENCY ?? 3),
  // Each whole process (a file or a group), as --test-timeout bounds a file under `node --test`.
  timeout: 600_000,
})
  .on('test:pass', recordFile)
  .on('test:fail', (data) => {
    recordFile(data);
    failed = true;
    process.exitCode = 1;
  });
tests.once('end', async () => {
  sweeping.abort();
  await sweeper;
  rmSync(groupDir, { recursive: true, force: true });
  dropped += await dropRunDatabases(runId);
  process.stdout.write(`dropped the run's ${dropped} test databases\n`);
});
tests.compose(new spec()).pipe(process.stdout);
