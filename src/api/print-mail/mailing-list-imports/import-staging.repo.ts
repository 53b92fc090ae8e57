import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Pool, Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import type { ContactRow } from '../contacts/contacts.repo.js';
import type { StatusCount } from './import.schema.js';
import type { RowOutcome } from './import-rows.js';

export const IMPORTS_TABLE = 'mailing_list_imports';
const ROWS_TABLE = 'mailing_list_import_rows';

/** How far an import has got: the counts its doc shows, all of them for the rows staged so far. */
export interface ImportProgress {
  processedRowCount: number;
  validRowCount: number;
  invalidRowCount: number;
  receiverStatusCount: StatusCount;
  senderStatusCount?: StatusCount;
}

/** An import as its job reads it: the doc, where reading resumes, how many rows are staged. */
export async function readImportState(db: Queryable, scope: Scope, id: string) {
  const res = await db.query(
    `SELECT doc, file_offset AS "fileOffset",
            (SELECT count(*) FROM ${ROWS_TABLE} WHERE import_id = $1)::int AS staged
       FROM ${IMPORTS_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0] as { doc: Record<string, unknown>; fileOffset: number; staged: number } | undefined;
}

/**
 * Stages a batch's outcomes and records the progress they make, in one transaction, if the
 * import is still validating at `expected` rows: false (nothing written) when it is not, as
 * when it was deleted or another run of its job got there first. So a batch is staged once,
 * and a run resumed after a crash starts after the last batch that committed.
 */
export async function stageBatch(
  pool: Pool,
  scope: Scope,
  id: string,
  expected: number,
  outcomes: RowOutcome[],
  progress: ImportProgress,
  fileOffset: number,
): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const res = await tx.query(
      `UPDATE ${IMPORTS_TABLE} SET doc = doc || $4::jsonb, file_offset = $5
        WHERE id = $1 AND org_id = $2 AND live = $3
          AND doc ->> 'status' = 'validating' AND (doc ->> 'processedRowCount')::int = $6`,
      [id, scope.orgId, scope.live, JSON.stringify(progress), fileOffset, expected],
    );
    if (res.rowCount !== 1) return false;
    await copyRows(tx, id, outcomes);
    return true;
  });
}

async function copyRows(tx: pg.PoolClient, id: string, outcomes: RowOutcome[]): Promise<void> {
  const copy = tx.query(
    copyFrom(
      `COPY ${ROWS_TABLE} (import_id, row_number, content_hash, contact, search_text, patch, field, message,
                           sender_hash, sender, sender_search_text, sender_patch)
       FROM STDIN`,
    ),
  );
  const lines = outcomes.map((o) => {
    if (!('contact' in o))
      return `${id}\t${o.row}\t\\N\t\\N\t\\N\t\\N\t${text(o.field)}\t${text(o.message)}\t${NO_SENDER}\n`;
    const failed = failedNote(o.contact, o.sender);
    const note = failed ? `${text(failed.field)}\t${text(failed.message)}` : '\\N\t\\N';
    return `${id}\t${o.row}\t${contactColumns(o.contact)}\t${note}\t${o.sender ? contactColumns(o.sender) : NO_SENDER}\n`;
  });
  copy.end(lines.join(''));
  await finished(copy);
}

const NO_SENDER = '\\N\t\\N\t\\N\t\\N';

/** A settled contact's staged columns: hash, doc, search text, what an identical one takes. */
function contactColumns({ doc, contentHash, searchText, patch }: ContactRow): string {
  const { updatedAt: _stampedAtCommit, ...kept } = patch;
  return `${contentHash}\t${text(JSON.stringify(doc))}\t${text(searchText)}\t${text(JSON.stringify(kept))}`;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;

/**
 * A value in COPY's text format: only backslash, tab and line breaks are escaped, so JSON
 * (full of quotes, which CSV would double) mostly goes as it is, with no copy made.
 */
const text = (value: string) =>
  SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;

/**
 * A row imported with a failed address (its receiver's or its sender's) is in the report
 * too: valid, but not deliverable as it is.
 */
function failedNote(receiver: ContactRow, sender: ContactRow | undefined) {
  const notes = [
    ...(receiver.doc.addressStatus === 'failed' ? [['address', receiver.doc.addressErrors] as const] : []),
    ...(sender?.doc.addressStatus === 'failed'
      ? [['sender.address', sender.doc.addressErrors] as const]
      : []),
  ];
  if (!notes.length) return undefined;
  return {
    field: notes.map(([field]) => field).join(', '),
    message: notes
      .map(
        ([field, errors]) =>
          `${field} failed verification${errors ? ` (${errors})` : ''}; imported with addressStatus failed.`,
      )
      .join(' '),
  };
}

/** Starts an import's rows again (after a database crash emptied its unlogged staging). */
export async function restartStaging(
  pool: Pool,
  scope: Scope,
  id: string,
  zero: ImportProgress,
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await tx.query(
      `UPDATE ${IMPORTS_TABLE} SET doc = doc || $4::jsonb, file_offset = 0
        WHERE id = $1 AND org_id = $2 AND live = $3 AND doc ->> 'status' = 'validating'`,
      [id, scope.orgId, scope.live, JSON.stringify(zero)],
    );
    await tx.query(`DELETE FROM ${ROWS_TABLE} WHERE import_id = $1`, [id]);
  });
}

/** The report's rows, as PostgreSQL writes them (CSV, quoted where needed): streamed, not held. */
export const REPORT_QUERY = (id: string) =>
  `COPY (SELECT row_number AS row, field, message FROM ${ROWS_TABLE}
          WHERE import_id = '${id.replace(/[^A-Za-z0-9_]/g, '')}' AND message IS NOT NULL
          ORDER BY row_number)
   TO STDOUT WITH (FORMAT csv, HEADER)`;

/** The countries of an import's valid staged receivers, with how many are in each, most first. */
export async function stagedCountries(
  db: Queryable,
  id: string,
): Promise<Array<{ country: string; n: number }>> {
  const res = await db.query(
    `SELECT contact ->> 'countryCode' AS country, count(*)::int AS n FROM ${ROWS_TABLE}
      WHERE import_id = $1 AND contact IS NOT NULL GROUP BY 1 ORDER BY n DESC, country`,
    [id],
  );
  return res.rows;
}

/** Empties an import's staging (in the transaction that completes or fails it). */
export async function dropStaging(db: Queryable, id: string): Promise<void> {
  await db.query(`DELETE FROM ${ROWS_TABLE} WHERE import_id = $1`, [id]);
}

/** Writes an import's final doc (completed, or changes_required) in the caller's transaction. */
export async function saveImportDoc(
  db: Queryable,
  scope: Scope,
  doc: { id: string; updatedAt: string },
): Promise<void> {
  await db.query(
    `UPDATE ${IMPORTS_TABLE} SET doc = $4, updated_at = $5 WHERE id = $1 AND org_id = $2 AND live = $3`,
    [doc.id, scope.orgId, scope.live, JSON.stringify(doc), doc.updatedAt],
  );
}
