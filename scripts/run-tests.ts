/**
 * Runs the test files, the slowest first (scripts/slow-tests.txt), then the rest in name
 * order, `TEST_CONCURRENCY` at a time (default 2); `node --test FILES` sorts the files by name
 * whatever order they are given in, so a long one could start last and run alone at the end.
 * Started by scripts/test.sh as `node --import tsx --test-timeout=600000 scripts/run-tests.ts
 * [FILES]`; each file runs in a process of its own with the same flags.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const root = path.resolve(import.meta.dirname, '..');

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
const all = given.length ? given : testFiles('test').sort();
const files = [...new Set([...slowest.filter((f) => all.includes(f)), ...all])];

run({
  files: files.map((f) => path.resolve(root, f)),
  concurrency: Number(process.env.TEST_CONCURRENCY ?? 2),
  // Each whole file, as --test-timeout bounds them under `node --test`.
  timeout: 600_000,
})
  .on('test:fail', () => {
    process.exitCode = 1;
  })
  .compose(new spec())
  .pipe(process.stdout);
