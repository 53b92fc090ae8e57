import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers/code-root.js';

// Every repository path the docs name (in `code`, with a directory and a file extension)
// exists: a file renamed or moved without its docs is caught here. A path may be written from
// the repository root or from inside a folder the reader is already in
// (`api/print-mail/orders/order-kinds.ts` for src/api/..., `intl/verify.ts`).
const EXTENSIONS = 'ts|js|mjs|md|sql|sh|json|csv|py|yaml|yml|css|html|txt';
const PATH = new RegExp(`^[\\w.-]+(/[\\w.-]+)+\\.(${EXTENSIONS})$`);

/** Named elsewhere than this repository: a URL path, a data dir, a sibling checkout. */
const NOT_OURS = [/^\//, /^\.postroom\//, /^\.\.\/shared\//];

function repositoryFiles(): string[] {
  const list = (args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...list(['ls-files']), ...list(['ls-files', '--others', '--exclude-standard'])];
}

/** A file of an npm package the docs describe (a dependency's `lib/codes.js`). */
function inPackage(named: string): boolean {
  const modules = path.join(ROOT, 'node_modules');
  return readdirSync(modules).some((dir) =>
    dir.startsWith('@')
      ? readdirSync(path.join(modules, dir)).some((sub) => existsSync(path.join(modules, dir, sub, named)))
      : existsSync(path.join(modules, dir, named)),
  );
}

test('every repository path the README and docs/ name exists', () => {
  const files = repositoryFiles();
  const docs = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const missing: string[] = [];
  for (const doc of docs) {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    for (const [, named] of text.matchAll(/`([^`\s]+)`/g)) {
      if (!PATH.test(named) || NOT_OURS.some((re) => re.test(named))) continue;
      // `.../page/client/editor-client.ts`: a path shortened from the left.
      const relative = named.replace(/^\.(\.\.)?\//, '');
      if (files.some((f) => f === relative || f.endsWith(`/${relative}`)) || inPackage(relative)) continue;
      missing.push(`${doc}: ${named}`);
    }
  }
  assert.deepEqual(missing, []);
});
