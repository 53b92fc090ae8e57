import type { Scope } from '../../../db/scope.js';
import { getOrganization } from '../../../platform/auth/organizations.repo.js';
import { csvRows } from '../../../platform/csv/csv-rows.js';
import type { ContactAddressing } from '../contacts/contact-address.js';
import type { ContactContext } from '../contacts/contacts.service.js';
import { batchedAddressing } from './batched-addressing.js';
import type { MailingListImport } from './import.schema.js';
import { completeImport, type FinishDeps, failImport } from './import-finish.js';
import { type ColumnPlan, planColumns } from './import-mapping.js';
import type { NumberedRow, RowOutcome } from './import-rows.js';
import { settleRows } from './import-rows.js';
import { type ImportProgress, readImportState, restartStaging, stageBatch } from './import-staging.repo.js';

export interface ImportRunDeps extends FinishDeps {
  addressing: ContactAddressing;
}

export interface ImportRunOptions {
  /** After the batch that passes this many milliseconds the run stops, to be continued by another. */
  budgetMs?: number;
  /** Or after this many batches. */
  maxBatches?: number;
  /** Rows settled and staged together: one verifyMany and one transaction each. */
  batchRows?: number;
}

export const IMPORT_BATCH_ROWS = 1000;

const NONE = () => ({ verifiedCount: 0, correctedCount: 0, failedCount: 0 });

/** An import's progress before its first row (its senders counted only when it maps them). */
const zeroFor = (doc: MailingListImport): ImportProgress => ({
  processedRowCount: 0,
  validRowCount: 0,
  invalidRowCount: 0,
  receiverStatusCount: NONE(),
  ...(doc.file.senderAddressMapping ? { senderStatusCount: NONE() } : {}),
});

/**
 * Moves a validating import on, from the row after the last batch its staging holds: reads
 * its CSV from there (streamed), settles each batch of rows as POST /contacts would and
 * stages them with the progress the doc shows, the next batch being verified while one is
 * written. 'more' when the budget ran out first (another run goes on from there); at the end
 * of the file the import is completed (import-finish.ts) and the answer is 'done', as it is
 * for an import that is no longer validating.
 */
export async function advanceImport(
  deps: ImportRunDeps,
  scope: Scope,
  id: string,
  options: ImportRunOptions = {},
): Promise<'done' | 'more'> {
  const state = await readImportState(deps.pool, scope, id);
  const doc = state?.doc as MailingListImport | undefined;
  if (!state || !doc || doc.status !== 'validating') return 'done';
  let progress = progressOf(doc);
  let offset = state.fileOffset;
  if (state.staged !== progress.processedRowCount) {
    // The database lost the unlogged staging (a crash): the rows are read again from the start.
    const zero = zeroFor(doc);
    await restartStaging(deps.pool, scope, id, zero);
    [progress, offset] = [zero, 0];
  }
  const header = await readHeader(deps, doc.file.url);
  if (!header) {
    await failImport(deps, scope, id, 'The uploaded file is no longer in the blob store; upload it again.');
    return 'done';
  }
  if (progress.processedRowCount < doc.totalRowCount) {
    const plan = planColumns(doc.file, header.cells);
    const from = offset > 0 ? offset : header.end;
    const outcome = await stageRows(
      deps,
      scope,
      id,
      { fileKey: doc.file.url, plan, progress, from },
      options,
    );
    if (outcome !== 'end') return outcome;
  }
  const after = await readImportState(deps.pool, scope, id);
  if ((after?.doc as MailingListImport | undefined)?.processedRowCount !== doc.totalRowCount) {
    await failImport(deps, scope, id, 'The uploaded file changed while it was being imported.');
    return 'done';
  }
  await completeImport(deps, scope, id);
  return 'done';
}

interface Position {
  fileKey: string;
  plan: ColumnPlan;
  progress: ImportProgress;
  /** The byte the rows after the last staged one start at. */
  from: number;
}

/**
 * Settles and stages rows from `from` until the budget or the file ends: 'end' when every row
 * is staged, 'more' when the budget ran out, 'done' when a batch found the import changed
 * under it (deleted, or advanced by another run).
 */
async function stageRows(
  deps: ImportRunDeps,
  scope: Scope,
  id: string,
  { fileKey, plan, progress: start, from }: Position,
  options: ImportRunOptions,
): Promise<'end' | 'more' | 'done'> {
  const org = await getOrganization(deps.pool, scope.orgId);
  // Opened last before the rows are read, whose reader closes it however it stops: a query
  // failing in between (the pool closed by a stop) left the open file to the garbage collector.
  const file = await deps.blobs.stream(fileKey);
  if (!file) return 'more'; // gone since the header was read: the next run fails the import
  const ctx: ContactContext = {
    scope,
    orgCountryCode: org?.countryCode ?? 'US',
    addressing: batchedAddressing(deps.addressing),
    now: deps.clock.now(),
  };
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  const started = performance.now();
  let progress = start;
  let batch: NumberedRow[] = [];
  let end = from;
  let batches = 0;
  // The batch being written while the next one is verified; it resolves false when it found
  // the import changed under it.
  let writing: Promise<boolean> = Promise.resolve(true);
  const flush = async () => {
    const outcomes = await settleRows(batch, plan, ctx);
    if (!(await writing)) return false;
    const expected = progress.processedRowCount;
    progress = counted(progress, outcomes);
    writing = stageBatch(deps.pool, scope, id, expected, outcomes, progress, end);
    writing.catch(() => {}); // awaited later; meanwhile a failure must not count as unhandled
    batch = [];
    batches++;
    return true;
  };
  for await (const { cells, end: rowEnd } of csvRows(file.stream, from)) {
    batch.push({ row: progress.processedRowCount + batch.length + 2, cells });
    end = rowEnd;
    if (batch.length < batchRows) continue;
    if (!(await flush())) return 'done';
    const spent = performance.now() - started > (options.budgetMs ?? Number.POSITIVE_INFINITY);
    if (spent || batches >= (options.maxBatches ?? Number.POSITIVE_INFINITY))
      return (await writing) ? 'more' : 'done';
  }
  if (batch.length && !(await flush())) return 'done';
  return (await writing) ? 'end' : 'done';
}

/** The file's header row and the byte after it, or undefined when the file is gone. */
async function readHeader(deps: FinishDeps, key: string) {
  const stored = await deps.blobs.stream(key);
  if (!stored) return undefined;
  for await (const row of csvRows(stored.stream))
    return { cells: row.cells.map((c) => c.trim()), end: row.end };
  return undefined;
}

const progressOf = (doc: MailingListImport): ImportProgress => ({
  processedRowCount: doc.processedRowCount,
  validRowCount: doc.validRowCount,
  invalidRowCount: doc.invalidRowCount,
  receiverStatusCount: { ...doc.receiverStatusCount },
  ...(doc.senderStatusCount ? { senderStatusCount: { ...doc.senderStatusCount } } : {}),
});

/** The progress after `outcomes` too. */
function counted(progress: ImportProgress, outcomes: RowOutcome[]): ImportProgress {
  const next: ImportProgress = {
    ...progress,
    receiverStatusCount: { ...progress.receiverStatusCount },
    ...(progress.senderStatusCount ? { senderStatusCount: { ...progress.senderStatusCount } } : {}),
  };
  next.processedRowCount += outcomes.length;
  for (const o of outcomes) {
    if (!('contact' in o)) {
      next.invalidRowCount++;
      continue;
    }
    next.validRowCount++;
    next.receiverStatusCount[`${o.contact.doc.addressStatus}Count`]++;
    if (o.sender && next.senderStatusCount) next.senderStatusCount[`${o.sender.doc.addressStatus}Count`]++;
  }
  return next;
}
