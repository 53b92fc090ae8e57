/**
 * Whether an error means "the database cannot be reached now" rather than "this query is
 * wrong": the API answers the first with 503 and Retry-After (error-handler.ts), as /readyz
 * does, instead of a 500. A restart, a failover or a full connection table all pass.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or
// recovering), 53300 too many connections; class 08 is "connection exception".
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres says these in words only (no code).
const MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08/.test(code)))
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
