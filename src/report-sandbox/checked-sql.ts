import { apiError, invalid } from '../platform/errors.js';
import {
  type PreparedReportSql,
  prepareReportSql,
  ReportSqlError,
  ReportSqlForbidden,
} from './report-sql.js';

/**
 * prepareReportSql with its refusals as the API answers them, the same when a report is
 * saved, sampled or exported: a system name is 403 `report_query_forbidden_error` (as
 * PostgreSQL's own refusal would be), any other problem of the text a 400 naming `sqlQuery`.
 */
export function checkedReportSql(sql: string, params: readonly string[] = []): PreparedReportSql {
  try {
    return prepareReportSql(sql, params);
  } catch (err) {
    if (err instanceof ReportSqlForbidden)
      throw apiError('report_query_forbidden_error', `sqlQuery is not allowed: ${err.message}`);
    if (err instanceof ReportSqlError) throw invalid('sqlQuery', err.message);
    throw err;
  }
}
