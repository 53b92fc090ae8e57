import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The rows of the first table after `heading` in a doc (`docs/verification.md`), header and
 * rule left out: [field, sources, when]. The field-source tables of the docs are compared
 * with the code's tables this way (us-fields-table.test.ts, intl/fields-table.test.ts).
 */
export function docsTable(doc: string, heading: string): string[][] {
  const lines = readFileSync(path.resolve(import.meta.dirname, '../..', doc), 'utf8').split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `${doc} has no heading ${heading}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|'))
      rows.push(
        line
          .slice(1, -1)
          .split(' | ')
          .map((c) => c.trim()),
      );
    else if (rows.length) break;
  }
  return rows.slice(2);
}

/** A code table as its doc writes it: `field` in code, its sources joined, when it is present. */
export const codeTable = (
  rows: ReadonlyArray<{ field: string; sources: readonly string[]; when: string }>,
  prefix = '',
) => rows.map((r) => [`\`${prefix}${r.field}\``, r.sources.join(', '), r.when]);
