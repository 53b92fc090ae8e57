import type { BenchKind } from './render-pieces.js';

/** One order kind at one size, as the benchmark renders it. */
export interface Variant {
  kind: BenchKind;
  size: string;
}

/** What one phase (one variant, a fixed number of pieces) measured. */
export interface Phase {
  variant: Variant;
  round: number;
  /** Which group of the round: a letter phase and the phases beside it share one. */
  group: number;
  pieces: number;
  pages: number;
  seconds: number;
  latencies: number[];
  warnings: number;
  /** Peaks of the process tree during the phase, and its CPU time. */
  pssMb: number;
  rssMb: number;
  cpuMs: number;
  /** Wall ms per stage, summed over the phase's pieces (pieces in flight overlap). */
  stageMs: Map<string, number>;
}

interface Summary {
  name: string;
  pieces: number;
  perSecond: number;
  pagesPerSecond: number;
  roundRange: string;
  p50: number;
  p95: number;
  cpuMsPerPiece: number;
  pssMb: number;
  /** The median of the phases' peaks: the tree grows as Chromium's caches fill, so the
   * highest peak leans towards whichever phase ran last. */
  medianPssMb: number;
  rssMb: number;
  warnings: number;
  stageMs: Map<string, number>;
}

function summarise(name: string, of: Phase[]): Summary {
  const pieces = sum(of, (p) => p.pieces);
  const seconds = sum(of, (p) => p.seconds);
  const latencies = of.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const byRound = [...new Set(of.map((p) => p.round))].map((r) => {
    const inRound = of.filter((p) => p.round === r);
    return sum(inRound, (p) => p.pieces) / sum(inRound, (p) => p.seconds);
  });
  const stageMs = new Map<string, number>();
  for (const phase of of)
    for (const [stage, ms] of phase.stageMs) stageMs.set(stage, (stageMs.get(stage) ?? 0) + ms / pieces);
  return {
    name,
    pieces,
    perSecond: pieces / seconds,
    pagesPerSecond: sum(of, (p) => p.pages) / seconds,
    roundRange: `${Math.min(...byRound).toFixed(1)}–${Math.max(...byRound).toFixed(1)}`,
    p50: Math.round(quantile(latencies, 0.5)),
    p95: Math.round(quantile(latencies, 0.95)),
    cpuMsPerPiece: sum(of, (p) => p.cpuMs) / pieces,
    pssMb: Math.max(...of.map((p) => p.pssMb)),
    medianPssMb: quantile(
      of.map((p) => p.pssMb).sort((a, b) => a - b),
      0.5,
    ),
    rssMb: Math.max(...of.map((p) => p.rssMb)),
    warnings: sum(of, (p) => p.warnings),
    stageMs,
  };
}

/**
 * Prints one row per kind and one per size, each kind's pieces/s against letters', whether
 * each kind met the letters' rate and memory ceiling, and the mean stage times per piece.
 */
export function printKindReport(phases: Phase[], kinds: BenchKind[]) {
  const byKind = kinds.map((kind) =>
    summarise(
      kind,
      phases.filter((p) => p.variant.kind === kind),
    ),
  );
  const variants = [...new Set(phases.map((p) => p.variant))];
  const bySize = variants.map((v) =>
    summarise(
      `${v.kind} ${v.size}`,
      phases.filter((p) => p.variant === v),
    ),
  );
  const letters = byKind[0];
  console.log(
    '| kind | pieces | pieces/s | range over rounds | × letters | pages/s | p50 ms | p95 ms | CPU ms/piece | peak PSS MB (median phase) | peak RSS sum MB |',
  );
  console.log(`|${'---|'.repeat(11)}`);
  for (const s of [...byKind, ...bySize]) {
    const cells = [
      s.name,
      s.pieces,
      s.perSecond.toFixed(1),
      s.roundRange,
      (s.perSecond / letters.perSecond).toFixed(2),
      s.pagesPerSecond.toFixed(1),
      s.p50,
      s.p95,
      s.cpuMsPerPiece.toFixed(1),
      `${s.pssMb} (${s.medianPssMb})`,
      s.rssMb,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log('');
  for (const s of byKind.slice(1)) {
    const rate = s.perSecond >= letters.perSecond ? 'yes' : 'no';
    const memory = s.pssMb <= letters.pssMb ? 'yes' : 'no';
    const beside = besideLetters(phases, s.name);
    console.log(
      `${s.name}: pieces/s ≥ letters' ${rate} (${s.perSecond.toFixed(1)} vs ${letters.perSecond.toFixed(1)}); ` +
        `peak PSS ≤ letters' ${memory} (${s.pssMb} vs ${letters.pssMb} MB); ` +
        `peak PSS minus the letters' in the same group: median ${beside.median}, max ${beside.max} MB`,
    );
  }
  console.log(
    '\nmean wall ms per piece by stage (pieces in flight overlap, so these add up to latency, not CPU):',
  );
  for (const s of byKind) {
    const stages = [...s.stageMs].map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`).join(', ');
    console.log(`- ${s.name}: ${stages}`);
  }
  const warned = sum(byKind, (s) => s.warnings);
  if (warned) console.log(`\nwarnings from the renders: ${warned}`);
}

/**
 * A phase's peak against the letter phase next to it (same round and group, before or
 * after it by turns), which cancels the tree's slow growth over the run.
 */
function besideLetters(phases: Phase[], kind: string) {
  const differences = phases
    .filter((p) => p.variant.kind === kind)
    .map((p) => {
      const letter = phases.find(
        (l) => l.variant.kind === 'letter' && l.round === p.round && l.group === p.group,
      );
      return p.pssMb - letter!.pssMb;
    })
    .sort((a, b) => a - b);
  return { median: quantile(differences, 0.5), max: differences.at(-1) };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function sum<T>(items: T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
