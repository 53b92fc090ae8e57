import http from 'node:http';
import type { EventType } from '../../src/api/print-mail/events/event-types.js';
import { type EventDoc, recordEvent } from '../../src/api/print-mail/events/record-event.js';
import type { Pool } from '../../src/db/pool.js';
import { withTransaction } from '../../src/db/tx.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';

export interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How the receiver answers one delivery: a status, or 'hang' to never answer. */
export type Answer = number | 'hang';

/** A local webhook receiver (127.0.0.1, random port) that records what arrives. */
export async function startReceiver(answer: (d: Delivery, index: number) => Answer = () => 200) {
  const deliveries: Delivery[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const d = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        receivedAt: Date.now(),
      };
      deliveries.push(d);
      const a = answer(d, deliveries.length - 1);
      if (a === 'hang') hanging.add(res);
      else {
        // A 3xx points somewhere else on this receiver, so a followed redirect would show up.
        const location = a >= 300 && a < 400 ? { location: '/redirected' } : {};
        res.writeHead(a, { 'content-type': 'text/plain', ...location }).end(a === 200 ? 'ok' : `status ${a}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    deliveries,
    /** Resolves once `count` deliveries matching `filter` have arrived (or rejects after `ms`). */
    async waitFor(count: number, filter: (d: Delivery) => boolean = () => true, ms = 10_000) {
      const until = Date.now() + ms;
      while (deliveries.filter(filter).length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} deliveries, got ${deliveries.filter(filter).length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return deliveries.filter(filter);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Records an event as a change does: with its webhook queue entry, in a transaction. */
export async function emitEvent(
  pool: Pool,
  org: string,
  mode: 'test' | 'live',
  type: EventType,
  data: { id: string } & Record<string, unknown>,
  updatedFields?: string[],
): Promise<EventDoc> {
  const { id: orgId } = await ensureOrganization(pool, org);
  return withTransaction(pool, (tx) =>
    recordEvent(tx, { orgId, live: mode === 'live' }, { type, data, updatedFields }, new Date()),
  );
}
