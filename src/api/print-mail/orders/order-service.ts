import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Pool, Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { AppDeps } from '../../deps.js';
import type { Contact } from '../contacts/contact.schema.js';
import type { ContactRow } from '../contacts/contacts.repo.js';
import { eventOf } from '../events/record-event.js';
import { checkOrderTrackers } from '../trackers/tracker-refs.js';
import { type MailingClass, orderMailingClass } from './mailing-class.js';
import type { OrderCreateBase } from './order-base.schema.js';
import {
  contactsForOneStatement,
  learnContacts,
  type OrderContact,
  type OrderContactContext,
  prepareOrderContacts,
  previewOf,
  saveOrderContacts,
} from './order-contact.js';
import { type OrderCreate, writeOrderAtOnce, writeOrderInTransaction } from './order-create.js';
import { orderDoc, searchableDoc } from './order-doc.js';
import { ORDER_JOBS } from './order-jobs.js';
import type { OrderKind, StoredContent } from './order-kind.js';
import { snapshotOf } from './order-snapshot.js';
import { renderPriority } from './render-priority.js';
import { scheduleSendDate } from './send-date.js';

export interface OrderCreateContext extends OrderContactContext {
  blobs: BlobStore;
  boss: PgBoss;
  signer: UrlSigner;
  allowPrivate: boolean;
}

/** What an order create in a request (or made for one, as a mailbox's forwarding letter) works with. */
export function orderCreateContext(deps: AppDeps, scope: Scope, orgCountryCode: string): OrderCreateContext {
  return {
    scope,
    orgCountryCode,
    addressing: deps.addressing,
    now: deps.clock.now(),
    blobs: deps.blobs,
    boss: deps.boss,
    signer: deps.signer,
    allowPrivate: deps.config.allowPrivateUrls,
    known: deps.knownContacts,
  };
}

/** `to`, `from`, and the kind's other contact fields. */
type Party = string;

/** Everything about a new order except its contacts' docs: checked, with its content stored. */
export interface PreparedOrder {
  kind: OrderKind;
  id: string;
  input: OrderCreateBase;
  mailingClass: MailingClass;
  sendDate: Date;
  printAt: Date;
  content: StoredContent;
  /** Contacts given by id, read; inline ones, checked and written with the order. `from` may be absent. */
  contacts: Record<Party, OrderContact>;
}

/**
 * The render, and the step to printing at the print time, in one statement. An order due now
 * needs no step job: the render job moves it on as soon as its PDF exists.
 */
function orderJobs(kind: string, id: string, orgId: string, printAt: Date, now: Date): PgBoss.JobInsert[] {
  // Lower for an organization that has queued many renders lately (render-priority.ts).
  const priority = renderPriority.next(orgId, Date.now());
  const jobs: PgBoss.JobInsert[] = [
    { name: ORDER_JOBS.render, data: { kind, id }, singletonKey: id, priority },
  ];
  // Real seconds until the print time (a bare number is seconds to PostgreSQL's interval), so the
  // job fires then even if nothing else runs, whatever the injected clock says.
  const delaySeconds = Math.ceil((printAt.getTime() - now.getTime()) / 1000);
  if (delaySeconds > 0)
    jobs.push({ name: ORDER_JOBS.advance, data: { kind, id }, startAfter: String(delaySeconds) });
  return jobs;
}

/**
 * Checks everything a client can get wrong in an order (a 400 naming the field, nothing
 * written to the database) and fixes its content (uploaded PDFs go to the blob store under
 * the new order's id). Reads only, so it needs no transaction.
 */
export async function prepareOrder(
  db: Queryable,
  kind: OrderKind,
  input: OrderCreateBase,
  ctx: OrderCreateContext,
): Promise<PreparedOrder> {
  const mailingClass = orderMailingClass(input);
  const { sendDate, printAt } = scheduleSendDate(input.sendDate, ctx.now);
  checkMetadata(input.metadata);
  kind.check(input);
  const id = newId(kind.name);
  // Keyed by the parties the order has: a postcard without a sender has no `from`.
  const given = input as unknown as Record<string, typeof input.to | undefined>;
  const refs: Record<Party, typeof input.to> = {};
  for (const party of ['to', 'from', ...(kind.otherContacts ?? [])])
    if (given[party] !== undefined) refs[party] = given[party]!;
  const contacts = await prepareOrderContacts(db, refs, ctx);
  // The content checks need only which contact fields exist: previews, nothing written.
  const content = await kind.content(input, {
    db,
    scope: ctx.scope,
    orderId: id,
    to: previewOf(contacts.to),
    ...(contacts.from ? { from: previewOf(contacts.from) } : {}),
    blobs: ctx.blobs,
    allowPrivate: ctx.allowPrivate,
  });
  await checkOrderTrackers(db, ctx.scope, input as unknown as Record<string, unknown>, content);
  return { kind, id, input, mailingClass, sendDate, printAt, content, contacts };
}

/** What a prepared order writes, given its contacts' docs, and the snapshot it answers with. */
export function orderCreate(
  order: PreparedOrder,
  contacts: Record<Party, Contact>,
  newContacts: ContactRow[],
  ctx: OrderCreateContext,
  guessedContacts: Contact[] = [],
): { create: OrderCreate; snapshot: ReturnType<typeof snapshotOf> } {
  const { kind } = order;
  const doc = orderDoc(kind, order.input, order.content, {
    id: order.id,
    live: ctx.scope.live,
    contacts,
    mailingClass: order.mailingClass,
    sendDate: order.sendDate,
    now: ctx.now,
  });
  const snapshot = snapshotOf(doc, { pdfKey: null, uploadedKey: order.content.pdf?.blobKey }, ctx.signer);
  const create: OrderCreate = {
    kind,
    scope: ctx.scope,
    row: {
      doc,
      searchText: searchTextOf(searchableDoc(kind, doc)),
      content: order.content,
      nextStepAt: order.printAt,
      transitions: [],
    },
    event: eventOf(ctx.scope, { type: kind.created, data: snapshot }, ctx.now),
    jobs: orderJobs(kind.name, order.id, ctx.scope.orgId, order.printAt, ctx.now),
    newContacts,
    guessedContacts,
    claims: kind.claims?.(order, ctx.scope, ctx.now) ?? [],
  };
  return { create, snapshot };
}

/**
 * Writes a prepared order in the caller's transaction: its inline contacts, then in one
 * statement the row with its contact snapshots, `<kind>.created`, and the render and
 * scheduled-step jobs, so they exist exactly when the order does. The PDF is rendered after
 * the response.
 */
export async function insertOrder(tx: pg.PoolClient, order: PreparedOrder, ctx: OrderCreateContext) {
  const contacts = await saveOrderContacts(tx, ctx.scope, order.contacts);
  const { create, snapshot } = orderCreate(order, contacts, [], ctx);
  await writeOrderInTransaction(tx, ctx.boss, create);
  // Before the commit: if the transaction rolls back, the next create's check rejects the guess.
  learnContacts(ctx.known, ctx.scope, order.contacts, contacts);
  return snapshot;
}

/**
 * The same without a transaction, as one statement (the common create: every contact known
 * or new). Undefined, with nothing written, when it cannot be: an inline contact would patch
 * a stored one, or a new one was created meanwhile. The caller then uses insertOrder.
 */
export async function insertOrderAtOnce(pool: Pool, order: PreparedOrder, ctx: OrderCreateContext) {
  const contacts = contactsForOneStatement(order.contacts);
  if (!contacts) return undefined;
  const { create, snapshot } = orderCreate(order, contacts.docs, contacts.newRows, ctx, contacts.guessed);
  const written = await writeOrderAtOnce(pool, ctx.boss, create);
  learnContacts(ctx.known, ctx.scope, order.contacts, written ? contacts.docs : undefined);
  return written ? snapshot : undefined;
}

/**
 * The whole create in the caller's transaction (with an Idempotency-Key, so that a replay does
 * nothing). Otherwise the route prepares the order before its transaction begins.
 */
export async function createOrder(
  tx: pg.PoolClient,
  kind: OrderKind,
  input: OrderCreateBase,
  ctx: OrderCreateContext,
) {
  return insertOrder(tx, await prepareOrder(tx, kind, input, ctx), ctx);
}
