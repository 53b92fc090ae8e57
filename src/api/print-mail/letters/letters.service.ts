import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Pool, Queryable } from '../../../db/pool.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { Contact } from '../contacts/contact.schema.js';
import type { ContactRow } from '../contacts/contacts.repo.js';
import { eventOf } from '../events/record-event.js';
import { normalizeMailingClass } from '../orders/mailing-class.js';
import {
  contactsForOneStatement,
  learnContacts,
  type OrderContact,
  type OrderContactContext,
  prepareOrderContacts,
  previewOf,
  saveOrderContacts,
} from '../orders/order-contact.js';
import { type OrderCreate, writeOrderAtOnce, writeOrderInTransaction } from '../orders/order-create.js';
import { ORDER_JOBS } from '../orders/order-jobs.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import { snapshotOf } from '../orders/order-snapshot.js';
import { scheduleSendDate } from '../orders/send-date.js';
import type { LetterCreate } from './letter.schema.js';
import { contentSource, type LetterContent, letterContent } from './letter-content.js';
import { letterDoc } from './letter-doc.js';

/**
 * The render, and the step to printing at the print time, in one statement. An order due now
 * needs no step job: the render job moves it on as soon as its PDF exists.
 */
function orderJobs(kind: string, id: string, printAt: Date, now: Date): PgBoss.JobInsert[] {
  const jobs: PgBoss.JobInsert[] = [{ name: ORDER_JOBS.render, data: { kind, id }, singletonKey: id }];
  // Real seconds until the print time (a bare number is seconds to PostgreSQL's interval), so the
  // job fires then even if nothing else runs, whatever the injected clock says.
  const delaySeconds = Math.ceil((printAt.getTime() - now.getTime()) / 1000);
  if (delaySeconds > 0)
    jobs.push({ name: ORDER_JOBS.advance, data: { kind, id }, startAfter: String(delaySeconds) });
  return jobs;
}

export interface LetterContext extends OrderContactContext {
  blobs: BlobStore;
  boss: PgBoss;
  signer: UrlSigner;
  allowPrivate: boolean;
}

/** Everything about a new letter except its contacts: checked, with its content stored. */
export interface PreparedLetter {
  id: string;
  input: LetterCreate;
  source: ReturnType<typeof contentSource>;
  mailingClass: ReturnType<typeof normalizeMailingClass>;
  size: 'us_letter' | 'a4';
  sendDate: Date;
  printAt: Date;
  content: LetterContent;
  /** Contacts given by id, read; inline ones, checked and written with the letter. */
  contacts: Record<'to' | 'from', OrderContact>;
}

/**
 * Checks everything a client can get wrong in a letter (a 400 naming the field, nothing
 * written to the database) and fixes its content (uploaded PDFs go to the blob store under
 * the new letter's id). Reads only, so it needs no transaction.
 */
export async function prepareLetter(
  db: Queryable,
  input: LetterCreate,
  ctx: LetterContext,
): Promise<PreparedLetter> {
  const mailingClass = normalizeMailingClass(input.mailingClass);
  const { sendDate, printAt } = scheduleSendDate(input.sendDate, ctx.now);
  checkMetadata(input.metadata);
  const source = contentSource(input);
  const id = newId(ID_PREFIX.letter);
  const size = input.size ?? 'us_letter';
  const contacts = await prepareOrderContacts(db, { to: input.to, from: input.from }, ctx);
  // The merge check needs only which contact fields exist: previews, nothing written.
  const [to, from] = [previewOf(contacts.to), previewOf(contacts.from)];
  const content = await letterContent(db, input, { ...ctx, letterId: id, size, to, from });
  return { id, input, source, mailingClass, size, sendDate, printAt, content, contacts };
}

/** What a prepared letter writes, given its contacts' docs, and the snapshot it answers with. */
function letterCreate(
  letter: PreparedLetter,
  contacts: Record<'to' | 'from', Contact>,
  newContacts: ContactRow[],
  ctx: LetterContext,
  guessedContacts: Contact[] = [],
): { create: OrderCreate; snapshot: ReturnType<typeof snapshotOf> } {
  const kind = ORDER_KINDS.letter;
  const doc = letterDoc(letter.input, {
    id: letter.id,
    live: ctx.scope.live,
    ...contacts,
    source: letter.source,
    mailingClass: letter.mailingClass,
    size: letter.size,
    sendDate: letter.sendDate,
    now: ctx.now,
  });
  const { html: _html, ...searchable } = doc;
  const uploadedKey = letter.content.pdf?.blobKey;
  const snapshot = snapshotOf(doc, { pdfKey: null, uploadedKey }, ctx.signer);
  const create: OrderCreate = {
    kind,
    scope: ctx.scope,
    row: {
      doc,
      searchText: searchTextOf(searchable),
      content: letter.content,
      nextStepAt: letter.printAt,
      transitions: [],
    },
    event: eventOf(ctx.scope, { type: kind.created, data: snapshot }, ctx.now),
    jobs: orderJobs(kind.name, letter.id, letter.printAt, ctx.now),
    newContacts,
    guessedContacts,
  };
  return { create, snapshot };
}

/**
 * Writes a prepared letter in the caller's transaction: its inline contacts, then in one
 * statement the row with its contact snapshots, `letter.created`, and the render and
 * scheduled-step jobs, so they exist exactly when the letter does. The PDF is rendered after
 * the response.
 */
export async function insertLetter(tx: pg.PoolClient, letter: PreparedLetter, ctx: LetterContext) {
  const contacts = await saveOrderContacts(tx, ctx.scope, letter.contacts);
  const { create, snapshot } = letterCreate(letter, contacts, [], ctx);
  await writeOrderInTransaction(tx, ctx.boss, create);
  // Before the commit: if the transaction rolls back, the next create's check rejects the guess.
  learnContacts(ctx.known, ctx.scope, letter.contacts, contacts);
  return snapshot;
}

/**
 * The same without a transaction, as one statement (the common create: every contact known
 * or new). Undefined, with nothing written, when it cannot be: an inline contact would patch
 * a stored one, or a new one was created meanwhile. The caller then uses insertLetter.
 */
export async function insertLetterAtOnce(pool: Pool, letter: PreparedLetter, ctx: LetterContext) {
  const contacts = contactsForOneStatement(letter.contacts);
  if (!contacts) return undefined;
  const { create, snapshot } = letterCreate(letter, contacts.docs, contacts.newRows, ctx, contacts.guessed);
  const written = await writeOrderAtOnce(pool, ctx.boss, create);
  learnContacts(ctx.known, ctx.scope, letter.contacts, written ? contacts.docs : undefined);
  return written ? snapshot : undefined;
}

/**
 * The whole create in the caller's transaction (with an Idempotency-Key, so that a replay does
 * nothing). Otherwise the route prepares the letter before its transaction begins.
 */
export async function createLetter(tx: pg.PoolClient, input: LetterCreate, ctx: LetterContext) {
  return insertLetter(tx, await prepareLetter(tx, input, ctx), ctx);
}
