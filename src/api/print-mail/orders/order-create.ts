import type PgBoss from 'pg-boss';
import { jobInsertStatement } from '../../../db/job-insert.js';
import type { Pool, Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { composeStatement, queryUnlessExpectationFails, type Statement } from '../../../db/statement.js';
import type { Contact } from '../contacts/contact.schema.js';
import {
  type ContactRow,
  insertNewContactsStatement,
  unchangedContactsStatement,
} from '../contacts/contacts.repo.js';
import { type EventDoc, eventWriteParts } from '../events/record-event.js';
import { wakeDispatchersAfterCommit, wakeDispatchersCommitted } from '../webhooks/delivery/outbox.repo.js';
import type { OrderClaim, OrderKind } from './order-kind.js';
import { insertOrderStatement, type NewOrder } from './orders.repo.js';

/** Everything a new order writes: its row, its `.created` event, its jobs, its new contacts. */
export interface OrderCreate {
  kind: OrderKind;
  scope: Scope;
  row: NewOrder;
  event: EventDoc;
  jobs: PgBoss.JobInsert[];
  /** Inline contacts that did not exist when the order was prepared (contactsForOneStatement). */
  newContacts: ContactRow[];
  /** Stored contacts the order uses as this process last saw them, not read (known-contacts.ts). */
  guessedContacts?: Contact[];
  /** Rows the order takes (OrderKind.claims). */
  claims?: OrderClaim[];
}

/**
 * All of an order's create as one statement (db/statement.ts): the new contacts, the rows it
 * claims, the order, its event and webhook queue entry, and pg-boss's insert of its jobs. When
 * a contact meant to be new was created by someone else in the meantime, a guessed contact is
 * no longer stored as it was guessed, or a claim does not hold, the statement gives up whole.
 */
async function orderCreateStatement(
  boss: PgBoss,
  create: OrderCreate,
  claims: OrderClaim[] = create.claims ?? [],
): Promise<Statement> {
  const { kind, scope, row, event, jobs, newContacts } = create;
  const guessed = create.guessedContacts ?? [];
  const parts = [
    ...(newContacts.length
      ? [{ name: 'new_contacts', statement: insertNewContactsStatement(scope, newContacts) }]
      : []),
    ...(guessed.length
      ? [{ name: 'guessed_contacts', statement: unchangedContactsStatement(scope, guessed) }]
      : []),
    ...claims.map((claim, i) => ({ name: `claim_${i}`, statement: claim.statement })),
    { name: 'new_order', statement: insertOrderStatement(kind, scope, row) },
    ...eventWriteParts(scope.orgId, event),
    { name: 'new_jobs', statement: await jobInsertStatement(boss, jobs) },
  ];
  const checks = [
    ...(newContacts.length ? [['(SELECT count(*) FROM new_contacts)', newContacts.length] as const] : []),
    ...(guessed.length ? [['(SELECT count(*) FROM guessed_contacts)', guessed.length] as const] : []),
    ...claims.map((_, i) => [`(SELECT count(*) FROM claim_${i})`, 1] as const),
  ];
  const final = checks.length
    ? {
        text: `SELECT postroom_expect(${checks.map(([count], i) => `${count} = $${i + 1}`).join(' AND ')}, 'every contact as expected')`,
        values: checks.map(([, n]) => n),
      }
    : { text: 'SELECT 1', values: [] };
  return composeStatement(parts, final);
}

/**
 * Writes a new order in one statement sent on the pool, with no transaction around it: one
 * round trip instead of BEGIN, one per table, and COMMIT. False, with nothing written, when a
 * new contact was created meanwhile; the caller then saves contacts and order in a transaction.
 */
export async function writeOrderAtOnce(pool: Pool, boss: PgBoss, create: OrderCreate): Promise<boolean> {
  if (!(await queryUnlessExpectationFails(pool, await orderCreateStatement(boss, create)))) return false;
  wakeDispatchersCommitted(pool);
  return true;
}

/** The same inside the caller's transaction, with its contacts already saved (no newContacts). */
export async function writeOrderInTransaction(
  tx: Queryable,
  boss: PgBoss,
  create: OrderCreate,
): Promise<void> {
  if (create.newContacts.length)
    throw new Error('save the contacts first: a transaction cannot give up part-way');
  // Claims go first, one by one, so the one that does not hold says why.
  for (const claim of create.claims ?? []) {
    const res = await tx.query(claim.statement);
    if (res.rowCount !== 1) throw claim.refused;
  }
  await tx.query(await orderCreateStatement(boss, create, []));
  await wakeDispatchersAfterCommit(tx);
}
