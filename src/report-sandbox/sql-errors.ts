import type pg from 'pg';
import { type ApiError, apiError } from '../platform/errors.js';

/**
 * What a report's failure tells the caller. PostgreSQL's own message names the problem
 * (a column, a type, a permission); the class of its SQLSTATE picks the status.
 */
export function reportQueryError(
  err: pg.DatabaseError,
  timedOut: boolean,
  timeoutMs: number,
): ApiError | Error {
  const code = err.code ?? '';
  if (code === '57014' || timedOut)
    return apiError(
      'report_query_timeout_error',
      `The query ran longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped; narrow it, or run it as an export.`,
    );
  if (['42501', '25006', '0A000', '2F004', '55000'].includes(code))
    return apiError('report_query_forbidden_error', `sqlQuery is not allowed: ${err.message}.`);
  if (code.startsWith('53') || code.startsWith('54'))
    return apiError(
      'report_result_too_large_error',
      `The query needs more than a report may use: ${err.message}.`,
    );
  // The server's own trouble (connection, shutdown, disk, internal, serialization) is ours to
  // report as such; anything else was caused by the query's text or data.
  if (/^(08|57P|58|XX|40)/.test(code) && code !== '08P01') return err;
  return apiError('report_query_error', `sqlQuery failed: ${err.message}.`);
}
