import { getDoc, lockDoc, replaceDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { csvLine } from '../../../platform/csv/csv-line.js';
import { ApiError } from '../../../platform/errors.js';
import { searchTextOf } from '../../../platform/lists.js';
import type { ReportCursor } from '../../../report-sandbox/report-sandbox.js';
import type { JobContext, JobDefinition } from '../../job-definition.js';
import type { ReportExport } from './report.schema.js';
import { EXPORT_JOBS, type ExportJobData, exportBlobKey, isGenerating } from './report-export-jobs.js';

const TABLE = 'report_exports';
const FETCH_ROWS = 1000;

type Outcome = Pick<ReportExport, 'rowCount' | 'sizeInBytes' | 'truncatedToBytes' | 'failureMessage'>;

/**
 * Runs an export's query in the report sandbox and streams its rows into a CSV blob, cut at
 * Config.reportExportMaxBytes (whole lines only; `truncatedToBytes` says so). A query the
 * sandbox refuses ends the export with its message; anything else is retried, and the CSV is
 * written again from the start.
 */
export const reportExport: JobDefinition<ExportJobData> = {
  name: EXPORT_JOBS.run,
  queue: (config) => ({
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: Math.ceil(config.reportExportTimeoutMs / 1000) + 120,
    deadLetter: EXPORT_JOBS.failed,
  }),
  async run(data, ctx) {
    const scope = { orgId: data.orgId, live: data.live };
    const text = await getDoc(ctx.pool, TABLE, scope, data.id);
    const doc: ReportExport | undefined = text && JSON.parse(text);
    if (!doc || !isGenerating(doc)) return;
    let outcome: Outcome;
    try {
      outcome = await writeCsv(doc, scope, ctx);
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      outcome = { failureMessage: err.message };
    }
    await finishExport(ctx, scope, doc.id, outcome);
  },
};

/** The dead-letter queue's worker: an export that failed on every attempt says so. */
export const reportExportFailed: JobDefinition<ExportJobData> = {
  name: EXPORT_JOBS.failed,
  async run(data, ctx) {
    await finishExport(ctx, { orgId: data.orgId, live: data.live }, data.id, {
      failureMessage: 'The export could not be generated after several attempts; create it again.',
    });
  },
};

async function writeCsv(doc: ReportExport, scope: Scope, ctx: JobContext): Promise<Outcome> {
  const maxBytes = ctx.config.reportExportMaxBytes;
  const query = { sql: doc.report.sqlQuery, params: doc.params ?? [] };
  const limits = { timeoutMs: ctx.config.reportExportTimeoutMs, maxRowBytes: maxBytes, describe: true };
  return ctx.reports.run(scope, query, limits, async (cursor) => {
    const tally = { rows: 0, bytes: 0, truncated: false };
    const info = await ctx.blobs.put(exportBlobKey(doc), csvChunks(cursor, maxBytes, tally), {
      contentType: 'text/csv; charset=utf-8',
    });
    return {
      rowCount: tally.rows,
      sizeInBytes: info.size,
      ...(tally.truncated ? { truncatedToBytes: maxBytes } : {}),
    };
  });
}

/** The header, then rows in the column order PostgreSQL described, until the rows or the byte budget end. */
async function* csvChunks(
  cursor: ReportCursor,
  maxBytes: number,
  tally: { rows: number; bytes: number; truncated: boolean },
): AsyncGenerator<Uint8Array> {
  const header = Buffer.from(csvLine(cursor.columns));
  tally.bytes = header.length;
  yield header;
  for (;;) {
    const rows = await cursor.fetch(FETCH_ROWS);
    if (rows.length === 0) return;
    const lines: Buffer[] = [];
    for (const row of rows) {
      const record = JSON.parse(row) as Record<string, unknown>;
      const line = Buffer.from(csvLine(cursor.columns.map((name) => record[name])));
      if (tally.bytes + line.length > maxBytes) {
        tally.truncated = true;
        if (lines.length) yield Buffer.concat(lines);
        return;
      }
      tally.bytes += line.length;
      tally.rows++;
      lines.push(line);
    }
    yield Buffer.concat(lines);
  }
}

async function finishExport(ctx: JobContext, scope: Scope, id: string, outcome: Outcome): Promise<void> {
  const kept = await withTransaction(ctx.pool, async (tx) => {
    const doc = await lockDoc<ReportExport>(tx, TABLE, scope, id);
    if (!doc) return false;
    if (!isGenerating(doc)) return true;
    const next: ReportExport = { ...doc, ...outcome, updatedAt: ctx.clock.now().toISOString() };
    await replaceDoc(
      tx,
      TABLE,
      scope,
      next,
      searchTextOf({ id: next.id, r: next.report.id, d: next.description }),
    );
    return true;
  });
  // Deleted while it ran: its CSV goes too.
  if (!kept) await ctx.blobs.delete(exportBlobKey({ id, live: scope.live }));
}
