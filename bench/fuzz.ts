/**
 * The fuzz suite's bench mode (issue R1 §2): the same generated cases as test/fuzz/operations.test.ts
 * over every operation in /openapi.json, many more of them, with the figures printed:
 *   node --import tsx bench/fuzz.ts [casesPerKind=8] [seed]
 * 8 per kind is ≥ 10,000 cases (huge 1 MB bodies stay at 2 per operation). It starts the real
 * app on a throwaway schema (test/helpers/harness.ts) without job workers; exits 1 on any finding.
 */

import { aimPrivateUrlsAt } from '../test/fuzz/support/cases.js';
import { formatFindings, fuzzSeed, runFuzz } from '../test/fuzz/support/runner.js';
import { missingValidBodies } from '../test/fuzz/support/seeds.js';
import { apiOf, fuzzConfig, fuzzTarget } from '../test/fuzz/support/target.js';
import { startTestServer } from '../test/helpers/harness.js';
import { startCountingListener } from '../test/helpers/network-vectors.js';

const perKind = Number(process.argv[2] ?? 8);
const seed = process.argv[3] !== undefined ? Number(process.argv[3]) : fuzzSeed();

// private-url cases point here: any connection is a finding (the server fetched a private URL).
const listener = await startCountingListener();
aimPrivateUrlsAt(listener.port);
const server = await startTestServer(fuzzConfig(), { workers: false });
let failed = true;
try {
  const api = await apiOf(server);
  const missing = missingValidBodies(api.resources);
  if (missing.length) throw new Error(`no valid body for: ${missing.join(', ')}`);
  const target = await fuzzTarget(server, api);
  const ops = [...api.ops].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const figures = await runFuzz(
    target,
    ops,
    (kind) => (kind === 'huge-string' ? Math.min(2, perKind) : perKind),
    {
      seed,
      concurrency: 4,
      onBatch: (done, total) => {
        if (done % 20 === 0) process.stderr.write(`  ${done}/${total} operations\n`);
      },
    },
  );
  const statuses = [...figures.byStatus.entries()].sort(([a], [b]) => a - b);
  const fivexx = statuses.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const dropped = figures.byStatus.get(0) ?? 0;
  console.log(`operations        ${ops.length}`);
  console.log(`cases             ${figures.cases} (${perKind} per kind and operation, seed ${seed})`);
  console.log(
    `time              ${(figures.ms / 1000).toFixed(1)} s (${Math.round(figures.cases / (figures.ms / 1000))} cases/s)`,
  );
  console.log(`by status         ${statuses.map(([s, n]) => `${s || 'no answer'}: ${n}`).join(', ')}`);
  console.log(`5xx               ${fivexx}`);
  console.log(`no answer         ${dropped} (timeouts and dropped connections)`);
  console.log(
    `findings          ${figures.findings.length} (5xx, undocumented shapes, rows written by refusals)`,
  );
  console.log(`private listener  ${listener.connections()} connections (private-url cases reaching it)`);
  const kinds = [...figures.byKind.entries()].map(
    ([k, v]) => `${k} ${v.cases} (${Math.round(v.ms / v.cases)} ms)`,
  );
  console.log(`by kind           ${kinds.join(', ')}`);
  if (figures.findings.length) console.log(formatFindings(figures.findings, seed));
  failed = figures.findings.length > 0 || listener.connections() > 0;
} finally {
  await server.close();
  await listener.close();
}
process.exit(failed ? 1 : 0);
