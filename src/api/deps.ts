import type PgBoss from 'pg-boss';
import type { Config } from '../config/config.js';
import type { Pool } from '../db/pool.js';
import type { Clock } from '../platform/clock.js';
import type { ContactAddressing } from './print-mail/contacts/contact-address.js';

/** Everything a route needs, built once in main.ts (or by the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  pool: Pool;
  clock: Clock;
  addressing: ContactAddressing;
  /** The durable job queue (pg-boss); enqueue inside a transaction with jobs/queue.ts inTransaction. */
  boss: PgBoss;
}
