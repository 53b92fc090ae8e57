import fc from 'fast-check';
import { ERROR_CATALOGUE } from '../../../src/platform/errors.js';
import { type Base, type CaseKind, caseArbitrary, type FuzzCase, kindsFor } from './cases.js';
import { exampleOf, type Operation, opName } from './openapi.js';
import { type RowSnapshot, rowChanges } from './row-counts.js';

/**
 * Sends generated cases and judges the answers: each is a success or a documented 4xx error
 * shape, never a 5xx, a hang or a dropped connection; and no batch of 4xx answers wrote a row.
 * Shared by the CI suite (test/fuzz/operations.test.ts) and the bench mode (bench/fuzz.ts).
 */

/** The fixed seed of CI runs (FUZZ_SEED overrides it to explore; a failure names the seed). */
export const DEFAULT_SEED = 20261124;
export const fuzzSeed = () => Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

/** Longer than any answer should take on a loaded 2-core machine; a hang is caught, not waited out. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Outcome {
  status: number;
  text: string;
  contentType: string;
  /** Set when there was no HTTP answer: a timeout or a dropped connection. */
  failure?: string;
}

export async function send(
  baseUrl: string,
  c: FuzzCase,
  credentials: Record<string, string>,
): Promise<Outcome> {
  const body = typeof c.body === 'function' ? c.body() : c.body;
  try {
    const res = await fetch(baseUrl + c.url, {
      method: c.method,
      headers: { ...credentials, ...c.headers },
      body: body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, text, contentType: res.headers.get('content-type') ?? '' };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError' ? `no answer in ${REQUEST_TIMEOUT_MS} ms` : (e.cause?.code ?? e.message);
    return { status: 0, text: '', contentType: '', failure: why };
  }
}

const CATALOGUE = ERROR_CATALOGUE as Record<string, number>;

/** What is wrong with an answer, or undefined when it is a success or a documented error. */
export function judge(c: FuzzCase, out: Outcome): string | undefined {
  if (out.failure) return out.failure;
  if (out.status >= 500) return `${out.status} ${out.text.slice(0, 300)}`;
  if (out.status < 400) return undefined;
  if (!/^application\/json/.test(out.contentType))
    return `${out.status} with Content-Type ${out.contentType}`;
  let body: any;
  try {
    body = JSON.parse(out.text);
  } catch {
    return `${out.status} whose body is not JSON: ${out.text.slice(0, 200)}`;
  }
  // The /v1 envelope for address verification, the print-mail shape for everything else
  // (src/platform/error-handler.ts); a request Node's parser refused carries both.
  const envelope = c.url.startsWith('/v1/');
  const type = envelope ? body?.type : body?.error?.type;
  const shaped = envelope
    ? body?.status === 'error' && typeof body.message === 'string'
    : body?.object === 'error' && typeof body.error?.message === 'string';
  if (!shaped) return `${out.status} outside the documented error shape: ${out.text.slice(0, 200)}`;
  if (CATALOGUE[type] === undefined) return `${out.status} with undocumented error type ${type}`;
  if (CATALOGUE[type] !== out.status) return `${out.status} but ${type} is documented as ${CATALOGUE[type]}`;
  return undefined;
}

export interface Target {
  baseUrl: string;
  /** Credentials for an operation's realm and a key mode. */
  credentials(op: Operation, mode: 'test' | 'live'): Record<string, string>;
  /** The valid request an operation's cases start from (seeded ids, a minimal body). */
  base(op: Operation): Base;
  snapshot(): Promise<RowSnapshot>;
}

export interface Finding {
  op: string;
  kind: CaseKind;
  note: string;
  problem: string;
}

export interface Figures {
  cases: number;
  byStatus: Map<number, number>;
  /** Cases and summed request time per kind. */
  byKind: Map<CaseKind, { cases: number; ms: number }>;
  findings: Finding[];
  ms: number;
}

/** Default base: required query parameters' examples, the body schema's minimal example. */
export function defaultBase(op: Operation, pathValues: Record<string, string>): Base {
  const query: Record<string, string> = {};
  for (const p of op.params)
    if (p.in === 'query' && p.required) query[p.name] = String(exampleOf(p.schema) ?? '1');
  const body = exampleOf(op.body);
  return {
    pathValues,
    query,
    body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
  };
}

/** Seeds per (operation, kind): adding an operation or a kind does not change the others' cases. */
function seedOf(seed: number, ...parts: string[]): number {
  let h = seed >>> 0;
  for (const ch of parts.join('\u0000')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h | 0;
}

/** How many cases of each kind per operation; huge bodies are few (each is 1 MB). */
export type CaseCounts = (kind: CaseKind) => number;

export function casesFor(op: Operation, base: Base, counts: CaseCounts, seed: number): FuzzCase[][] {
  return kindsFor(op).map((kind) =>
    fc.sample(caseArbitrary(op, kind, base), { seed: seedOf(seed, opName(op), kind), numRuns: counts(kind) }),
  );
}

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * Runs every operation's cases, one batch per operation with `concurrency` requests in flight,
 * bracketed by row snapshots. A batch with a success in it that changed rows has its refused
 * cases sent again as a batch of their own, so rows written by a refusal are still caught;
 * when a batch of refusals changed rows, each is sent alone to name the one that did.
 */
export async function runFuzz(
  target: Target,
  ops: Operation[],
  counts: CaseCounts,
  options: { seed: number; concurrency: number; onBatch?: (done: number, total: number) => void },
): Promise<Figures> {
  const started = Date.now();
  const figures: Figures = { cases: 0, byStatus: new Map(), byKind: new Map(), findings: [], ms: 0 };
  const find = (op: Operation, c: FuzzCase, problem: string) =>
    figures.findings.push({ op: opName(op), kind: c.kind, note: c.note, problem });
  /** Sends cases; answers whether all were refused and whether rows changed meanwhile. */
  // One batch's closing snapshot opens the next (blame, when it runs, settles and reads afresh).
  let last: RowSnapshot | undefined;
  const batch = async (op: Operation, cases: FuzzCase[], count: boolean) => {
    const before = last ?? (await target.snapshot());
    const refused: FuzzCase[] = [];
    await pool(cases, options.concurrency, async (c) => {
      const t0 = performance.now();
      const out = await send(target.baseUrl, c, target.credentials(op, c.mode));
      if (out.status >= 400) refused.push(c);
      if (!count) return;
      const kind = figures.byKind.get(c.kind) ?? { cases: 0, ms: 0 };
      figures.byKind.set(c.kind, { cases: kind.cases + 1, ms: kind.ms + performance.now() - t0 });
      figures.cases++;
      figures.byStatus.set(out.status, (figures.byStatus.get(out.status) ?? 0) + 1);
      const problem = judge(c, out);
      if (problem) find(op, c, problem);
    });
    last = await target.snapshot();
    return { refused, changed: rowChanges(before, last) };
  };
  for (const [i, op] of ops.entries()) {
    const cases = casesFor(op, target.base(op), counts, options.seed).flat();
    let { refused, changed } = await batch(op, cases, true);
    if (refused.length && refused.length < cases.length && changed.length) {
      // Rows changed, and successes may have written them: the refusals again, on their own.
      const again = await batch(op, refused, false);
      if (again.refused.length === refused.length) changed = again.changed;
      else {
        refused = again.refused;
        changed = again.refused.length ? ['(mixed)'] : [];
      }
    }
    if (refused.length && changed.length) {
      await blame(target, op, refused, changed, find);
      last = undefined;
    }
    options.onBatch?.(i + 1, ops.length);
  }
  figures.ms = Date.now() - started;
  return figures;
}

/** Waits until no row changes between two snapshots (work a success left to run after its commit). */
async function settle(target: Target): Promise<void> {
  let last = await target.snapshot();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await target.snapshot();
    if (rowChanges(last, now).length === 0) return;
    last = now;
  }
}

/**
 * A batch of refusals changed rows: once the database is quiet, the batch is sent again; if it
 * still writes, each case alone names the one that did. Rows that changed the first time only
 * were an earlier success's late work (after its commit), not a refusal's.
 */
async function blame(
  target: Target,
  op: Operation,
  refused: FuzzCase[],
  changed: string[],
  find: (op: Operation, c: FuzzCase, problem: string) => void,
) {
  await settle(target);
  const before = await target.snapshot();
  const again = await Promise.all(
    refused.map((c) => send(target.baseUrl, c, target.credentials(op, c.mode))),
  );
  const still = rowChanges(before, await target.snapshot());
  if (still.length === 0) return;
  const stillRefused = refused.filter((_, i) => again[i].status >= 400);
  let named = false;
  for (const c of stillRefused) {
    const s0 = await target.snapshot();
    const alone = await send(target.baseUrl, c, target.credentials(op, c.mode));
    const rows = rowChanges(s0, await target.snapshot());
    if (alone.status >= 400 && rows.length) {
      named = true;
      find(op, c, `answered ${alone.status} but wrote rows: ${rows.join(', ')}`);
    }
  }
  if (!named && stillRefused.length === refused.length)
    find(
      op,
      refused[0],
      `rows changed while ${refused.length} requests were all refused: ${still.join(', ')} (first: ${changed.join(', ')})`,
    );
}

export function formatFindings(findings: Finding[], seed: number): string {
  const lines = findings.slice(0, 40).map((f) => `  ${f.op} [${f.kind}] ${f.note}\n      → ${f.problem}`);
  const more = findings.length > 40 ? `\n  … and ${findings.length - 40} more` : '';
  return `${findings.length} finding(s) with FUZZ_SEED=${seed}:\n${lines.join('\n')}${more}`;
}
