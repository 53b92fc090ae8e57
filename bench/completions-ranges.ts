/**
 * Street ranges for bench/completions.ts (`--ranges N`): a synthetic ADDRFEAT county of N
 * segments imported beside the points, the keystrokes of addresses on its streets (each typed
 * from its first digit), and another commit's engine and store for a same-run A/B (`--old DIR`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from '../src/db/pool.js';
import type { CompletionRequest, CompletionSource } from '../src/engines/address/complete/index.js';
import { importRanges } from '../src/reference-store/ranges/import-ranges.js';
import { type Keystroke, keystrokes } from './completions-data.js';
import { closedLoop, report, type Timing } from './support/closed-loop.js';
import { writeAddrfeat } from './support/write-addrfeat.js';

/** Imports `segments` synthetic segments (Kentucky ZIPs, 100-number blocks, both sides). */
export async function loadRanges(pool: Pool, segments: number, log: (s: string) => void): Promise<void> {
  await pool.query(
    'TRUNCATE street_ranges, street_range_names, street_range_areas, street_range_street_names, street_range_staging',
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-complete-ranges-'));
  try {
    await writeAddrfeat(path.join(dir, 'tl_2024_21999_addrfeat'), segments);
    const t = Date.now();
    const r = await importRanges(pool, [dir]);
    log(
      `${r.segments} segments (${r.ranges} side ranges) imported in ${((Date.now() - t) / 1000).toFixed(0)} s`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Keystrokes of `n` addresses a range holds on streets without points in their ZIP (what only
 * the ranges can complete), kind `range`, each number a range end moved by an even step.
 */
export async function rangeKeystrokes(pool: Pool, n: number): Promise<Keystroke[]> {
  const res = await pool.query(
    `SELECT (least(from_hn, to_hn) + 2 * (abs(hashtext(range_key)) % 40))::text AS number,
            concat_ws(' ', pre_direction, pre_type, street_name, street_type, post_direction) AS street
       FROM street_ranges r TABLESAMPLE BERNOULLI (1) REPEATABLE (11)
      WHERE NOT EXISTS (SELECT 1 FROM address_points p WHERE p.zip = r.zip AND p.street_name = r.street_name)
      LIMIT $1`,
    [n],
  );
  return keystrokes(res.rows).map((k) => ({ ...k, kind: 'range' as Keystroke['kind'] }));
}

export type Complete = (source: CompletionSource, request: CompletionRequest) => Promise<unknown[]>;

/** Another commit's autocomplete (a `git worktree` at DIR sharing this node_modules): engine and store. */
export async function oldEngine(
  dir: string,
  pool: Pool,
): Promise<{ complete: Complete; source: CompletionSource }> {
  const engine = await import(path.resolve(dir, 'src/engines/address/complete/index.js'));
  const store = await import(path.resolve(dir, 'src/reference-store/pg-completions.js'));
  return { complete: engine.completeAddress, source: new store.PgCompletions(pool) };
}

export interface Side {
  name: string;
  preview: (k: Keystroke) => Promise<unknown>;
}

/**
 * Each side over the same keystrokes, each typed once per side, in halves of alternating order
 * (new, old; then old, new) so both see the same machine: latency and CPU per preview.
 */
export async function sameRunAB(
  pool: Pool,
  sides: Side[],
  lists: Array<[string, Keystroke[]]>,
  seconds: number,
  concurrency: number,
): Promise<void> {
  for (const [label, list] of lists) {
    const half = Math.floor(list.length / 2);
    const halves = [list.slice(0, half), list.slice(half)];
    const timings = new Map<string, Timing[]>(sides.map((s) => [s.name, []]));
    for (const [i, part] of halves.entries())
      for (const side of i === 0 ? sides : [...sides].reverse())
        timings
          .get(side.name)!
          .push(await closedLoop(pool, part, side.preview, seconds / 2, concurrency, { once: true }));
    for (const side of sides) report(`${label}, ${side.name}`, merged(timings.get(side.name)!));
  }
}

const merged = (ts: Timing[]): Timing =>
  ts.reduce((a, b) => ({
    count: a.count + b.count,
    wallMs: a.wallMs + b.wallMs,
    cpuMs: a.cpuMs + b.cpuMs,
    pgMs: a.pgMs + b.pgMs,
    latencies: a.latencies.concat(b.latencies),
    byKind: new Map([...a.byKind].map(([k, xs]) => [k, xs.concat(b.byKind.get(k) ?? [])])),
  }));
