/** HTTP half of bench/verify.ts: a batch of 2,000 and single verifications at 200 requests/s. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '../src/config/config.js';
import { createKey } from '../src/platform/auth/keys.repo.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { startRuntime } from '../src/runtime.js';

export async function httpBench(databaseUrl: string, inputs: string[]) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-verify-'));
  const config = loadConfig({}, { databaseUrl, dataDir, port, rateLimitPerSecond: 0, logLevel: 'warn' });
  const runtime = await startRuntime(config, { http: true, workers: false, logger: pino({ level: 'warn' }) });
  await runtime.app!.listen({ port, host: '127.0.0.1' });
  try {
    const org = await ensureOrganization(runtime.db.pool, 'bench-verify');
    const key = (await createKey(runtime.db.pool, org.id, 'test', 'addver', 'secret')).key;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const base = `http://127.0.0.1:${port}/v1/addver`;
    const batchBody = JSON.stringify({ addresses: inputs.slice(0, 2000) });
    const batchMs: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/verifications/batch`, { method: 'POST', headers, body: batchBody });
      await res.json();
      if (i > 0) batchMs.push(performance.now() - t); // the first run warms the ZIP cache
    }
    batchMs.sort((a, b) => a - b);
    let i = 0;
    const single = await autocannon({
      url: `${base}/verifications`,
      method: 'POST',
      headers,
      connections: 20,
      overallRate: 200,
      duration: 10,
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ address: inputs[i++ % inputs.length] }) }),
        },
      ],
    });
    return {
      batch2000Ms: { median: Math.round(batchMs[2]), max: Math.round(batchMs.at(-1)!) },
      single200rps: {
        rps: Math.round(single.requests.average),
        p50: single.latency.p50,
        p99: single.latency.p99,
        non2xx: single.non2xx,
      },
    };
  } finally {
    await runtime.close();
  }
}
