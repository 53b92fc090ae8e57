import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/** Layers only look down (DESIGN.md): what each folder under src/ must never import. */
const FORBIDDEN: Record<string, string[]> = {
  engines: ['api', 'db', 'jobs'],
  api: ['jobs'],
  db: ['api', 'jobs', 'platform/auth'],
};

const SRC = path.resolve('src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import of a file, as a path under src/ (type-only imports count too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)));
}

test('engines import no api, db or jobs; api imports no jobs; db imports no api, jobs or auth', () => {
  const breaches: string[] = [];
  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    for (const file of sourceFiles(path.join(SRC, layer))) {
      for (const target of importsOf(file)) {
        const hit = forbidden.find((f) => target === f || target.startsWith(`${f}/`));
        if (hit) breaches.push(`${path.relative(SRC, file)} imports ${target}`);
      }
    }
  }
  assert.deepEqual(breaches, []);
});

test('the check reads relative imports (order-create imports db)', () => {
  const self = importsOf(path.resolve('src/api/print-mail/orders/order-create.ts'));
  assert.ok(
    self.some((t) => t.startsWith('db/')),
    'order-create imports db, so imports are read',
  );
});
