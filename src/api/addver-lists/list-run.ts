import type { Pool } from '../../db/pool.js';
import { getDoc, lockDoc, replaceDoc } from '../../db/resources.repo.js';
import type { Scope } from '../../db/scope.js';
import { withTransaction } from '../../db/tx.js';
import { type IntlPointSource, verifyIntl } from '../../engines/address/intl/index.js';
import type { AddressVerifier, VerifyInput } from '../../engines/address/verify/index.js';
import type { Clock } from '../../platform/clock.js';
import { csvRows } from '../../platform/csv/csv-rows.js';
import { searchTextOf } from '../../platform/lists.js';
import { LOOKUP_COST, refundLookups } from '../../platform/metering/metering.js';
import { INTL_LOOKUPS, STANDARD_LOOKUPS } from '../../platform/metering/metering.repo.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ListProgress, StoredList } from './addver-list.schema.js';
import { LISTS_TABLE, partKey, resultKey } from './list-jobs.js';
import { type OutputShape, outputHeader, outputLine, outputShape, type RowAnswer } from './list-output.js';
import { type ColumnPlan, planListColumns, type RowInput, rowInput } from './list-rows.js';

export interface ListRunDeps {
  pool: Pool;
  clock: Clock;
  blobs: BlobStore;
  verifier: AddressVerifier;
  intlPoints: IntlPointSource;
}

export interface ListRunOptions {
  /** After the batch that passes this many milliseconds the run stops, to be continued by another. */
  budgetMs?: number;
  /** Or after this many batches. */
  maxBatches?: number;
  /** Rows verified and written together: one output part and one transaction each. */
  batchRows?: number;
}

export const LIST_BATCH_ROWS = 1000;

/** International verification gives the event loop back this often, so requests are not held behind it. */
const YIELD_MS = 5;

const isRunning = (doc: StoredList | undefined): doc is StoredList =>
  doc?.status === 'pending' || doc?.status === 'processing';

/**
 * Moves a list on from the row after its last written part: reads its CSV from there
 * (streamed), verifies a batch of rows at a time and writes each batch's output lines as a
 * numbered part, committing the progress after the part is stored. A crash loses at most the
 * batch in flight: its part is written again by the next run. 'more' when the budget ran out
 * first; at the end of the file the parts become the result CSV (finishList) and the answer
 * is 'done', as it is for a list that is no longer running.
 */
export async function advanceList(
  deps: ListRunDeps,
  scope: Scope,
  id: string,
  options: ListRunOptions = {},
): Promise<'done' | 'more'> {
  const doc = await readList(deps.pool, scope, id);
  if (doc?.status === 'processed' || doc?.status === 'failed') {
    // A run that ended the list and died before removing its parts, or wrote a part as another
    // run ended it, left them behind: the retry that finds the list ended removes them.
    await deleteParts(deps.blobs, doc, doc.progress.parts + 1);
    return 'done';
  }
  if (!isRunning(doc)) return 'done';
  if (doc.progress.rows < doc.count) {
    const outcome = await verifyRows(deps, scope, doc, options);
    if (outcome !== 'end') return outcome;
  }
  const after = await readList(deps.pool, scope, id);
  if (!isRunning(after)) return 'done';
  if (after.progress.rows !== after.count) {
    await failList(deps, scope, id, 'The uploaded file changed while it was being verified.');
    return 'done';
  }
  await finishList(deps, scope, after);
  return 'done';
}

async function readList(pool: Pool, scope: Scope, id: string): Promise<StoredList | undefined> {
  const text = await getDoc(pool, LISTS_TABLE, scope, id);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Verifies and writes rows from the list's offset until the budget or the file ends: 'end'
 * when every row is written, 'more' when the budget ran out, 'done' when the list changed
 * under it (advanced by another run) or its file is gone (then it has failed).
 */
async function verifyRows(
  deps: ListRunDeps,
  scope: Scope,
  doc: StoredList,
  options: ListRunOptions,
): Promise<'end' | 'more' | 'done'> {
  const file = await deps.blobs.stream(doc.fileKey);
  if (!file) {
    await failList(
      deps,
      scope,
      doc.id,
      'The uploaded file is no longer in the blob store; upload the list again.',
    );
    return 'done';
  }
  const plan = planListColumns(doc.mappings, doc.header);
  const batchRows = options.batchRows ?? LIST_BATCH_ROWS;
  const started = performance.now();
  let progress = doc.progress;
  let batch: Array<{ cells: string[]; end: number }> = [];
  let batches = 0;
  const flush = async () => {
    const written = await writeBatch(deps, scope, doc, plan, progress, batch);
    batch = [];
    batches++;
    if (!written) return false;
    progress = written;
    return true;
  };
  for await (const row of csvRows(file.stream, progress.offset)) {
    batch.push(row);
    if (batch.length < batchRows) continue;
    if (!(await flush())) return 'done';
    const spent = performance.now() - started > (options.budgetMs ?? Number.POSITIVE_INFINITY);
    if (spent || batches >= (options.maxBatches ?? Number.POSITIVE_INFINITY)) return 'more';
  }
  if (batch.length && !(await flush())) return 'done';
  return 'end';
}

/** Verifies one batch, stores its part and commits the progress; undefined when another run got there first. */
async function writeBatch(
  deps: ListRunDeps,
  scope: Scope,
  doc: StoredList,
  plan: ColumnPlan,
  before: ListProgress,
  rows: Array<{ cells: string[]; end: number }>,
): Promise<ListProgress | undefined> {
  const options = { intl: doc.useIntlVerification, defaultCountry: doc.defaultCountry };
  const inputs = rows.map((row) => rowInput(row.cells, plan, options));
  const answers = await verifyInputs(deps, doc, inputs);
  const shape = shapeOf(doc);
  const part = answers.map((answer, i) => outputLine(rows[i].cells, answer, shape)).join('');
  await deps.blobs.put(partKey(doc, before.parts), Buffer.from(part), { contentType: 'text/csv' });
  const next = counted(before, answers, rows.at(-1)?.end ?? before.offset);
  return withTransaction(deps.pool, async (tx) => {
    const current = await lockDoc<StoredList>(tx, LISTS_TABLE, scope, doc.id);
    if (!isRunning(current) || current.progress.parts !== before.parts) return undefined;
    const updated: StoredList = {
      ...current,
      status: 'processing',
      progress: next,
      updatedAt: deps.clock.now().toISOString(),
    };
    await replaceDoc(tx, LISTS_TABLE, scope, updated, listSearchText(updated));
    return next;
  });
}

async function verifyInputs(deps: ListRunDeps, doc: StoredList, inputs: RowInput[]): Promise<RowAnswer[]> {
  const answers: RowAnswer[] = inputs.map((input) => ('invalid' in input ? input : { invalid: '' }));
  const standard = inputs.flatMap((input, i) => ('standard' in input ? [[i, input.standard] as const] : []));
  if (standard.length) {
    const verified = await deps.verifier.verifyMany(
      standard.map(([, input]) => input as VerifyInput),
      { properCase: doc.useProperCase, geocode: doc.charged.geocode },
    );
    standard.forEach(([i], k) => {
      answers[i] = { standard: verified[k] };
    });
  }
  const intlOptions = { properCase: doc.useProperCase, geoData: doc.charged.geocode };
  let since = performance.now();
  for (const [i, input] of inputs.entries()) {
    if (!('intl' in input)) continue;
    answers[i] = { intl: await verifyIntl(input.intl, deps.intlPoints, intlOptions) };
    if (performance.now() - since >= YIELD_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return answers;
}

/** The progress after `answers` too, the next row starting at byte `offset`. */
function counted(progress: ListProgress, answers: RowAnswer[], offset: number): ListProgress {
  const next: ListProgress = {
    ...progress,
    rows: progress.rows + answers.length,
    offset,
    parts: progress.parts + 1,
    statusCount: { ...progress.statusCount },
  };
  for (const answer of answers) {
    if ('invalid' in answer) {
      next.invalid++;
      continue;
    }
    const verified = 'standard' in answer ? answer.standard : answer.intl;
    next.statusCount[verified.status]++;
    if ('standard' in answer ? answer.standard.geocodeResult : answer.intl.geoData) next.geocoded++;
  }
  return next;
}

/**
 * The parts become the result CSV (the uploaded header with the added columns, then every
 * row in file order), and the list is processed in one transaction with the lookups it did not
 * use given back: an invalid row's, and the geocode of a row that got none. Its parts go
 * after the commit; a crash before it writes the result again from the parts.
 */
async function finishList(deps: ListRunDeps, scope: Scope, doc: StoredList): Promise<void> {
  const shape = shapeOf(doc);
  await deps.blobs.put(resultKey(doc), resultChunks(deps.blobs, doc, outputHeader(doc.header, shape)), {
    contentType: 'text/csv; charset=utf-8',
  });
  const finished = await withTransaction(deps.pool, async (tx) => {
    const current = await lockDoc<StoredList>(tx, LISTS_TABLE, scope, doc.id);
    if (!isRunning(current)) return false;
    const { progress, charged } = current;
    const valid = progress.rows - progress.invalid;
    const unused = progress.invalid * charged.perRow + geocodeCharge(current) * (valid - progress.geocoded);
    await refundLookups(tx, deps.clock, scope.orgId, unused, allowanceOf(current), chargedAt(current));
    const updated: StoredList = {
      ...current,
      status: 'processed',
      cost: charged.lookups - unused,
      resultKey: resultKey(current),
      updatedAt: deps.clock.now().toISOString(),
    };
    await replaceDoc(tx, LISTS_TABLE, scope, updated, listSearchText(updated));
    return true;
  });
  if (finished) await deleteParts(deps.blobs, doc, doc.progress.parts);
}

async function* resultChunks(blobs: BlobStore, doc: StoredList, header: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(header);
  for (let n = 0; n < doc.progress.parts; n++) {
    const part = await blobs.stream(partKey(doc, n));
    if (!part) throw new Error(`part ${n} of ${doc.id} is missing from the blob store`);
    for await (const chunk of part.stream) yield chunk;
  }
}

/**
 * Ends a running list as failed, giving back every lookup it was charged: nothing of it is
 * delivered. Its parts are removed; its uploaded file stays, linked from the list.
 */
export async function failList(deps: ListRunDeps, scope: Scope, id: string, message: string): Promise<void> {
  const failed = await withTransaction(deps.pool, async (tx) => {
    const current = await lockDoc<StoredList>(tx, LISTS_TABLE, scope, id);
    if (!isRunning(current)) return undefined;
    await refundLookups(
      tx,
      deps.clock,
      scope.orgId,
      current.charged.lookups,
      allowanceOf(current),
      chargedAt(current),
    );
    const updated: StoredList = {
      ...current,
      status: 'failed',
      failureMessage: message,
      cost: 0,
      updatedAt: deps.clock.now().toISOString(),
    };
    await replaceDoc(tx, LISTS_TABLE, scope, updated, listSearchText(updated));
    return current;
  });
  if (failed) await deleteParts(deps.blobs, failed, failed.progress.parts + 1);
}

const shapeOf = (doc: StoredList): OutputShape =>
  outputShape(doc.header, { intl: doc.useIntlVerification, geocode: doc.charged.geocode });

/**
 * What a row's geocode was charged: the standard verifier charges it on top of the row; the
 * international one's coordinates come with the row's lookup, so there is nothing to give back.
 */
const geocodeCharge = (doc: StoredList): number =>
  doc.charged.geocode && !doc.useIntlVerification ? LOOKUP_COST.geocode : 0;

/** A list is charged as it is uploaded, which is when it is created. */
const chargedAt = (doc: StoredList): Date => new Date(doc.createdAt);

async function deleteParts(blobs: BlobStore, doc: StoredList, parts: number): Promise<void> {
  for (let n = 0; n < parts; n++) await blobs.delete(partKey(doc, n)).catch(() => false);
}

export const allowanceOf = (doc: Pick<StoredList, 'useIntlVerification'>) =>
  doc.useIntlVerification ? INTL_LOOKUPS : STANDARD_LOOKUPS;

export const listSearchText = (doc: StoredList) => searchTextOf({ id: doc.id, n: doc.name });
