import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { apiError } from '../../platform/errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator API's guard: `Authorization: Bearer <POSTROOM_OPERATOR_TOKEN>`. Customer API
 * keys open nothing here (they are per organization; the mail room serves every one). The
 * tokens are compared as SHA-256 digests in constant time, so neither their content nor their
 * length leaks through timing. Without a configured token the operator API is off.
 */
export function operatorGuard(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!expected)
      return done(
        apiError('missing_auth_error', 'The operator API is off: the server has no POSTROOM_OPERATOR_TOKEN.'),
      );
    const header = request.headers.authorization ?? '';
    const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!given)
      return done(
        apiError('missing_auth_error', 'Send the operator token as Authorization: Bearer <token>.'),
      );
    if (!timingSafeEqual(digest(given), expected))
      return done(apiError('missing_auth_error', 'Invalid operator token.'));
    done();
  };
}
