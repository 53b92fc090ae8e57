/**
 * Writes the suite as JavaScript to test-build/ (ignored by git), so that its processes run on
 * plain `node` without tsx's loader: importing the harness cost ~2.6 s of CPU a test process,
 * 1.4 s of it the loader (docs/testing.md, "How long the suite takes"). Type checking stays
 * with `tsc --noEmit` in scripts/test.sh; esbuild only strips the types, as tsx does.
 *
 * test-build/ mirrors the repository: every .ts under src/, test/ and scripts/ becomes a .js
 * beside a symlink to its .ts, every other file there is a symlink, and every other top-level
 * entry (migrations/, corpus/, docs/, dist/, bin/, node_modules/, ...) is a symlink, so a path
 * a module resolves from its own file (`../../migrations`, `../fixtures/x.csv`) finds the same
 * file as from the sources. test/helpers/code-root.ts says which tree a process runs from.
 * Run as `node --import tsx scripts/build-tests.ts`; it replaces test-build/ whole.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = 'test-build';
const out = path.join(root, BUILD_DIR);
const COMPILED_DIRS = ['src', 'test', 'scripts'];

const entries: string[] = [];
function mirror(rel: string): void {
  mkdirSync(path.join(out, rel), { recursive: true });
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const file = path.join(rel, e.name);
    if (e.isDirectory()) {
      mirror(file);
      continue;
    }
    symlinkSync(
      path.relative(path.dirname(path.join(out, file)), path.join(root, file)),
      path.join(out, file),
    );
    if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) entries.push(file);
  }
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
for (const e of readdirSync(root, { withFileTypes: true })) {
  if (e.name === '.git' || e.name === BUILD_DIR) continue;
  if (e.isDirectory() && COMPILED_DIRS.includes(e.name)) mirror(e.name);
  else symlinkSync(path.join('..', e.name), path.join(out, e.name));
}
await build({
  entryPoints: entries.map((f) => path.join(root, f)),
  outdir: out,
  outbase: root,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
console.log(`build-tests: ${entries.length} files to ${BUILD_DIR}/ in ${Date.now() - started} ms`);
