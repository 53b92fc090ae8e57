import type { FastifyInstance } from 'fastify';
import type { Pool } from '../db/pool.js';

/** /healthz: the process answers. /readyz: the database answers too. */
export function installHealth(app: FastifyInstance, pool: Pool): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pool.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch (err) {
      return reply.code(503).send({ status: 'unavailable', database: (err as Error).message });
    }
  });
}
