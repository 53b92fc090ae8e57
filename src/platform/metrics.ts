import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/** Prometheus metrics at /metrics: request counts and latencies by route, plus process metrics. */
export function installMetrics(app: FastifyInstance): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'postroom_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // One labelled child per (method, route, status), kept: observing through it skips the
  // per-call label hashing on the hot path. Routes are a fixed set, so the map stays small.
  const series = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const id = `${request.method} ${route} ${reply.statusCode}`;
    let child = series.get(id);
    if (!child) {
      child = duration.labels(request.method, route, String(reply.statusCode));
      series.set(id, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  return registry;
}
