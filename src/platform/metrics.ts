import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

const DURATION = 'postroom_http_request_duration_seconds';
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** One (method, route, status) series of the request-duration histogram. */
interface Series {
  labels: string;
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  counts: number[];
  sum: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The request-duration histogram, kept by hand rather than with prom-client: its observe()
 * validates and hashes the labels on every call (~2% of a GET's CPU). Here a request costs
 * one map lookup and a short bucket scan; the text format is produced at scrape time.
 */
class RequestDurations {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const id = `${method} ${route} ${status}`;
    let s = this.series.get(id);
    if (!s) {
      s = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`,
        counts: new Array(BUCKETS.length + 1).fill(0),
        sum: 0,
      };
      this.series.set(id, s);
    }
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++;
    s.counts[i]++;
    s.sum += seconds;
  }

  render(): string {
    const lines = [
      `# HELP ${DURATION} HTTP request duration by method, route and status`,
      `# TYPE ${DURATION} histogram`,
    ];
    for (const s of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += s.counts[i];
        lines.push(`${DURATION}_bucket{${s.labels},le="${bound}"} ${cumulative}`);
      });
      cumulative += s.counts[BUCKETS.length];
      lines.push(`${DURATION}_bucket{${s.labels},le="+Inf"} ${cumulative}`);
      lines.push(`${DURATION}_sum{${s.labels}} ${s.sum}`);
      lines.push(`${DURATION}_count{${s.labels}} ${cumulative}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/** Prometheus metrics at /metrics: request counts and latencies by route, plus process metrics. */
export function installMetrics(app: FastifyInstance): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const durations = new RequestDurations();
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(`${await registry.metrics()}\n${durations.render()}`),
  );
}
