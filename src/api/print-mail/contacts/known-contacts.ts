import type { Scope } from '../../../db/scope.js';
import type { Contact } from './contact.schema.js';

const DEFAULT_CAPACITY = 20_000;

/**
 * Contacts this process has seen stored, by organization, mode and content hash: what an
 * order's inline contact most likely de-duplicates to (an organization's return address on
 * every order), so the order's create need not read the contacts table first. Only a guess:
 * another process may have changed or deleted the contact since, so every use is checked in
 * the create's own statement (the stored doc must still be exactly this one), and a create
 * whose guess was wrong gives up whole and runs in the transaction that reads and saves the
 * contacts (order-contact.ts, letters.routes.ts). Nothing is ever served from
 * it unchecked, so it needs no invalidation across processes.
 *
 * Bounded: the least recently used entry goes first (a Map keeps insertion order, and a hit
 * moves its entry to the end).
 */
export class KnownContacts {
  readonly #entries = new Map<string, Contact>();
  readonly #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(scope: Scope, contentHash: string): Contact | undefined {
    const key = keyOf(scope, contentHash);
    const doc = this.#entries.get(key);
    if (doc) {
      this.#entries.delete(key);
      this.#entries.set(key, doc);
    }
    return doc;
  }

  remember(scope: Scope, contentHash: string, doc: Contact): void {
    const key = keyOf(scope, contentHash);
    this.#entries.delete(key);
    this.#entries.set(key, doc);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  forget(scope: Scope, contentHash: string): void {
    this.#entries.delete(keyOf(scope, contentHash));
  }
}

const keyOf = (scope: Scope, contentHash: string) => `${scope.orgId}|${scope.live ? 1 : 0}|${contentHash}`;
