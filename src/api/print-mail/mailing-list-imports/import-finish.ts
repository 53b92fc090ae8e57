import { to as copyTo } from 'pg-copy-streams';
import type { Pool } from '../../../db/pool.js';
import { lockDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { randomBase58 } from '../../../platform/ids.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { MailingListImport } from './import.schema.js';
import { commitStagedContacts } from './import-commit.repo.js';
import {
  dropStaging,
  IMPORTS_TABLE,
  REPORT_QUERY,
  saveImportDoc,
  stagedCountries,
} from './import-staging.repo.js';

export interface FinishDeps {
  pool: Pool;
  blobs: BlobStore;
  clock: { now(): Date };
}

/**
 * Ends an import whose every row is staged: writes its report (the bad rows, as CSV), then in
 * one transaction makes its valid rows contacts and marks it completed (changes_required when
 * no row was valid), and empties its staging. A crash before the commit leaves it validating
 * with everything staged, and the next run does this again. Each attempt writes a report of
 * its own, kept only if its transaction is the one that completes the import, so a second run
 * that gets here too can never replace the report with one of an emptied staging.
 */
export async function completeImport(deps: FinishDeps, scope: Scope, id: string): Promise<void> {
  const reportKey = `mailing-list-imports/${scope.live ? 'live' : 'test'}/${id}-report-${randomBase58(8)}.csv`;
  await writeReport(deps, id, reportKey);
  const completed = await withTransaction(deps.pool, async (tx) => {
    const doc = await lockDoc<MailingListImport>(tx, IMPORTS_TABLE, scope, id);
    if (doc?.status !== 'validating' || doc.processedRowCount !== doc.totalRowCount) return false;
    const now = deps.clock.now();
    const countries = doc.validRowCount > 0 ? await stagedCountries(tx, id) : [];
    const outcome = outcomeDoc(doc, reportKey, now, countries);
    if (outcome.status === 'completed')
      await commitStagedContacts(tx, scope, id, now, Boolean(doc.file.senderAddressMapping));
    await saveImportDoc(tx, scope, outcome);
    await dropStaging(tx, id);
    return true;
  });
  if (!completed) await deps.blobs.delete(reportKey).catch(() => false);
}

/**
 * The import once every row is settled: completed when some rows are valid and their
 * receivers are all in one country; changes_required, with the error saying why, when none
 * is valid or they are in several countries (an import is one country's mail: split the file).
 */
function outcomeDoc(
  doc: MailingListImport,
  reportKey: string,
  now: Date,
  countries: Array<{ country: string; n: number }>,
): MailingListImport {
  const { validRowCount: valid, invalidRowCount: invalid, totalRowCount: total } = doc;
  const error: MailingListImport['errors'][number] | undefined =
    valid === 0
      ? {
          type: 'no_valid_contacts_error',
          message: `None of the file's ${total} rows is a valid contact; the report (reportURL) says why for each.`,
        }
      : countries.length > 1
        ? {
            type: 'multiple_countries_error',
            message: `The file's valid receivers are in ${countries.length} countries (${countries.map((c) => `${c.country}: ${c.n}`).join(', ')}); an import takes one country's receivers. Split the file by country.`,
          }
        : undefined;
  return {
    ...doc,
    status: error ? 'changes_required' : 'completed',
    errors: error ? [error] : [],
    notes:
      !error && invalid > 0
        ? [
            {
              type: 'skipped_invalid_contacts',
              message: `${invalid} invalid rows were skipped; the report (reportURL) lists them and why.`,
            },
          ]
        : [],
    reportURL: reportKey,
    updatedAt: now.toISOString(),
  };
}

/** Streams the report from PostgreSQL (which writes the CSV) into the blob store. */
async function writeReport(deps: FinishDeps, id: string, key: string): Promise<void> {
  const client = await deps.pool.connect();
  try {
    const rows = client.query(copyTo(REPORT_QUERY(id)));
    await deps.blobs.put(key, rows, { contentType: 'text/csv' });
    client.release();
  } catch (err) {
    client.release(err as Error); // a COPY left half read: the connection is not reused
    throw err;
  }
}

/**
 * Gives up on an import (its file is gone, its job failed for good): changes_required with an
 * internal_service_error saying why, and nothing of it imported, its staged rows dropped.
 */
export async function failImport(deps: FinishDeps, scope: Scope, id: string, message: string): Promise<void> {
  await withTransaction(deps.pool, async (tx) => {
    const doc = await lockDoc<MailingListImport>(tx, IMPORTS_TABLE, scope, id);
    if (doc?.status !== 'validating') return;
    const now = deps.clock.now().toISOString();
    const failed: MailingListImport = {
      ...doc,
      status: 'changes_required',
      errors: [{ type: 'internal_service_error', message }],
      updatedAt: now,
    };
    await saveImportDoc(tx, scope, failed);
    await dropStaging(tx, id);
  });
}
