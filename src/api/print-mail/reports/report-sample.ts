import type { Scope } from '../../../db/scope.js';
import { apiError } from '../../../platform/errors.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import type { AppDeps } from '../../deps.js';

/** A sample's whole answer, as JSON; a longer one is refused, pointing at exports. */
export const SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
const FETCH_ROWS = 100;

/**
 * Runs a report's SQL in the sandbox and answers its first `limit` rows. Each row is already
 * JSON from PostgreSQL (row_to_json), so the answer is assembled from text without parsing.
 */
export async function runSample(
  deps: AppDeps,
  scope: Scope,
  query: { sql: string; params: readonly string[]; limit: number },
  reportId: string | null,
): Promise<string> {
  const records = await deps.reports.run(
    scope,
    query,
    { timeoutMs: deps.config.reportSampleTimeoutMs, maxRowBytes: SAMPLE_MAX_BYTES },
    async (cursor) => {
      const rows: string[] = [];
      let bytes = 0;
      while (rows.length < query.limit) {
        const batch = await cursor.fetch(Math.min(FETCH_ROWS, query.limit - rows.length));
        if (batch.length === 0) break;
        for (const row of batch) {
          bytes += row.length;
          if (bytes > SAMPLE_MAX_BYTES)
            throw apiError(
              'report_result_too_large_error',
              `The sample is larger than ${SAMPLE_MAX_BYTES} bytes; lower limit, select fewer columns, or export the report.`,
            );
          rows.push(row);
        }
      }
      return rows;
    },
  );
  const head = JSON.stringify({
    id: newId(ID_PREFIX.reportSample),
    object: 'report_sample',
    report: reportId,
  });
  return `${head.slice(0, -1)},"records":[${records.join(',')}]}`;
}
