import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A string -> string table read-only after load, as `Map#get` reads it. */
export interface Table {
  get(key: string): string | undefined;
}

/**
 * A table kept as one string of sorted `key\tvalue` lines, searched by bisection: no object
 * per entry, so it is ready as soon as the file is read and its line starts are found.
 */
class SortedLines implements Table {
  private readonly starts: Int32Array;

  constructor(private readonly text: string) {
    let n = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
    this.starts = new Int32Array(n);
    let line = 0;
    for (let start = 0; line < n; line++) {
      this.starts[line] = start;
      start = text.indexOf('\n', start) + 1;
    }
  }

  /** Sign of `key` against the key of the line starting at `at` (UTF-16 order, as Array#sort). */
  private compare(key: string, at: number): number {
    const text = this.text;
    for (let i = 0; ; i++) {
      const c = text.charCodeAt(at + i);
      const lineEnded = c === 9; // the tab after the line's key
      if (i === key.length) return lineEnded ? 0 : -1;
      if (lineEnded) return 1;
      const k = key.charCodeAt(i);
      if (k !== c) return k < c ? -1 : 1;
    }
  }

  /** Keys asked before (misses as null): the parser asks the same few thousand names again and again. */
  private readonly seen = new Map<string, string | null>();

  get(key: string): string | undefined {
    let value = this.seen.get(key);
    if (value === undefined) {
      value = this.search(key) ?? null;
      if (this.seen.size >= 50_000) this.seen.clear();
      this.seen.set(key, value);
    }
    return value ?? undefined;
  }

  private search(key: string): string | undefined {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.starts[mid];
      const sign = this.compare(key, at);
      if (sign === 0) {
        const from = at + key.length + 1;
        return this.text.slice(from, this.text.indexOf('\n', from));
      }
      if (sign < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return undefined;
  }
}

/**
 * A table built from a package's data file, cached beside the packages
 * (`node_modules/.cache/postroom/`, where build tools keep theirs) so that later processes
 * read it instead of building it: `postroom parse` would otherwise spend most of its start-up
 * building the same indexes on every run. The cache is named after the source file's size and
 * time, so an upgraded package builds a new one. Where it cannot be written, every process
 * builds the table itself: the answers are the same either way.
 */
export function cachedTable(name: string, sourceFile: string, build: () => Map<string, string>): Table {
  let file: string | undefined;
  try {
    const { size, mtimeMs } = statSync(sourceFile);
    const marker = `${path.sep}node_modules${path.sep}`;
    const at = sourceFile.lastIndexOf(marker);
    if (at < 0) return build();
    const modules = sourceFile.slice(0, at + marker.length);
    file = path.join(modules, '.cache', 'postroom', `${name}-${size}-${Math.round(mtimeMs)}.tsv`);
    return new SortedLines(readFileSync(file, 'utf8'));
  } catch {
    // No cache yet (or none possible): build, then try to leave one for the next process.
  }
  const table = build();
  if (file) writeCache(file, table);
  return table;
}

function writeCache(file: string, table: Map<string, string>): void {
  const keys = [...table.keys()].sort();
  let text = '';
  for (const key of keys) text += `${key}\t${table.get(key)}\n`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a concurrent reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch {
    // A read-only install: no cache.
  }
}
