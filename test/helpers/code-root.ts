import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where this process's code runs from. `npm test` runs the suite compiled, from test-build/
 * (scripts/build-tests.ts: the same tree as JavaScript, everything else symlinked), with no
 * loader; a file run by hand under `node --import tsx --test` runs from the sources. Processes
 * a test starts run from the same tree as the test, so they too start without tsx's loader.
 */
export const COMPILED = import.meta.url.endsWith('.js');

/** The tree the modules run from: test-build/ when compiled, else the repository. */
export const CODE_ROOT = path.resolve(import.meta.dirname, '../..');

/** The repository (git's work tree; its files as written, without compiled copies beside them). */
export const ROOT = COMPILED ? path.dirname(CODE_ROOT) : CODE_ROOT;

/** Node's loader flags for a module of this tree: tsx's for the sources, none compiled. */
export const LOADER_ARGS: readonly string[] = COMPILED ? [] : ['--import', 'tsx'];

/** The file that runs `source` (a .ts path from the repository root) in this tree, absolute. */
export function runnable(source: string): string {
  return path.join(CODE_ROOT, COMPILED ? source.replace(/\.ts$/, '.js') : source);
}

/** `runnable(source)` as a URL, for `import()` in a script given to `node -e`. */
export const runnableUrl = (source: string): string => pathToFileURL(runnable(source)).href;

/** Node's arguments that run `source` (a .ts path from the repository root) in a new process. */
export const nodeArgsFor = (source: string): string[] => [...LOADER_ARGS, runnable(source)];
