import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { inTransaction } from '../../../jobs/queue.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { ContactContext } from '../contacts/contacts.service.js';
import { recordEvent } from '../events/record-event.js';
import { normalizeMailingClass } from '../orders/mailing-class.js';
import { contactPreview, resolveOrderContact } from '../orders/order-contact.js';
import { ORDER_JOBS } from '../orders/order-jobs.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import { snapshotOf } from '../orders/order-snapshot.js';
import { insertOrder } from '../orders/orders.repo.js';
import { scheduleSendDate } from '../orders/send-date.js';
import type { LetterCreate } from './letter.schema.js';
import { contentSource, letterContent } from './letter-content.js';
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

export interface LetterContext extends ContactContext {
  blobs: BlobStore;
  boss: PgBoss;
  signer: UrlSigner;
  allowPrivate: boolean;
}

/**
 * Creates a letter in the caller's transaction: checks everything a client can get wrong
 * (a 400 naming the field, nothing written), snapshots the contacts and content, records
 * `letter.created`, and enqueues the render and the scheduled step in the same transaction,
 * so they exist exactly when the letter does. The PDF is rendered after the response.
 */
export async function createLetter(tx: pg.PoolClient, input: LetterCreate, ctx: LetterContext) {
  const kind = ORDER_KINDS.letter;
  const mailingClass = normalizeMailingClass(input.mailingClass);
  const { sendDate, printAt } = scheduleSendDate(input.sendDate, ctx.now);
  checkMetadata(input.metadata);
  const source = contentSource(input);
  const id = newId(ID_PREFIX.letter);
  const size = input.size ?? 'us_letter';
  // Content first (it may fetch PDFs): the merge check needs only which contact fields exist,
  // and inline contacts are written last, so their row locks are held for milliseconds.
  const toPreview = await contactPreview(tx, 'to', input.to, ctx);
  const fromPreview = await contactPreview(tx, 'from', input.from, ctx);
  const content = await letterContent(tx, input, {
    ...ctx,
    letterId: id,
    size,
    to: toPreview,
    from: fromPreview,
  });
  const to = await resolveOrderContact(tx, 'to', input.to, ctx);
  const from = await resolveOrderContact(tx, 'from', input.from, ctx);
  const doc = letterDoc(input, {
    id,
    live: ctx.scope.live,
    to,
    from,
    source,
    mailingClass,
    size,
    sendDate,
    now: ctx.now,
  });
  const { html: _html, ...searchable } = doc;
  await insertOrder(tx, kind, ctx.scope, {
    doc,
    searchText: searchTextOf(searchable),
    content,
    nextStepAt: printAt,
    transitions: [],
  });
  const snapshot = snapshotOf(doc, { pdfKey: null, uploadedKey: content.pdf?.blobKey }, ctx.signer);
  await recordEvent(tx, ctx.scope, { type: kind.created, data: snapshot }, ctx.now);
  await ctx.boss.insert(orderJobs(kind.name, id, printAt, ctx.now), { db: inTransaction(tx) });
  return snapshot;
}
