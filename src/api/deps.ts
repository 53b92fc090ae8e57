import type PgBoss from 'pg-boss';
import type { Config } from '../config/config.js';
import type { Pool } from '../db/pool.js';
import type { CompletionSource } from '../engines/address/complete/index.js';
import type { AddressVerifier } from '../engines/address/verify/index.js';
import type { OrderRenderer } from '../engines/render/index.js';
import type { Clock } from '../platform/clock.js';
import type { DataKeys } from '../platform/data-keys.js';
import type { ForegroundLoad } from '../platform/foreground-load.js';
import type { UrlSigner } from '../platform/signed-url.js';
import type { ReportSandbox } from '../report-sandbox/report-sandbox.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { ContactAddressing } from './print-mail/contacts/contact-address.js';
import type { KnownContacts } from './print-mail/contacts/known-contacts.js';

/** Everything a route needs, built once in main.ts (or by the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  pool: Pool;
  clock: Clock;
  addressing: ContactAddressing;
  /** Address verification over the reference points in this database (cached per ZIP). */
  verifier: AddressVerifier;
  /**
   * Autocomplete's store (one per process: it holds the coverage table and the street names
   * in memory), behind GET /v1/addver/completions and the dashboard's address suggestions.
   */
  completions: CompletionSource;
  /** The durable job queue (pg-boss); enqueue inside a transaction with jobs/queue.ts inTransaction. */
  boss: PgBoss;
  /** Rendered PDFs, uploads and print batches (files under POSTROOM_DATA_DIR/blobs by default). */
  blobs: BlobStore;
  /** Signs the expiring links to blobs that Postroom serves under POSTROOM_PUBLIC_URL. */
  signer: UrlSigner;
  /** Counts requests, so renders in this process can make way for them (platform/render-gate.ts). */
  foreground?: ForegroundLoad;
  /** Orders' inline contacts this process has seen stored, so a create need not read them first. */
  knownContacts?: KnownContacts;
  /** Seals stored secrets (bank account numbers) and opens them for printing. */
  dataKeys: DataKeys;
  /**
   * This process's render thread (started on its first render): the template editor's
   * previews render here, on the engine every order uses.
   */
  renderer: OrderRenderer;
  /** Runs callers' report SQL as the read-only reader role (report-sandbox/). */
  reports: ReportSandbox;
}
