import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiError } from '../../platform/errors.js';
import type { AppDeps } from '../deps.js';
import { importScans } from '../print-mail/tracking/scan-import.js';
import { ScanFileError } from '../print-mail/tracking/scan-records.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `Authorization: Basic` with POSTROOM_IVMTR_PUSH_USER and _PASSWORD, the credentials an
 * operator enters for the push destination in IV-MTR; compared as digests in constant time.
 * Without them configured the endpoint is off.
 */
function checkPushAuth(deps: AppDeps, request: FastifyRequest): void {
  const { pushUser, pushPassword } = deps.config.imb;
  if (!pushUser || !pushPassword)
    throw apiError(
      'missing_auth_error',
      'The IV-MTR push endpoint is off: set POSTROOM_IVMTR_PUSH_USER and _PASSWORD.',
    );
  const given = /^Basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!given) throw apiError('missing_auth_error', 'Send the push credentials as Authorization: Basic.');
  const expected = digest(`${pushUser}:${pushPassword}`);
  if (!timingSafeEqual(digest(Buffer.from(given, 'base64').toString('utf8')), expected))
    throw apiError('missing_auth_error', 'Invalid push credentials.');
}

/**
 * The IV-MTR push destination (`POST /ivmtr/v1/scans`): the same records a data feed file
 * holds (JSON or |-delimited, any content type), imported as `postroom tracking import` does,
 * in one transaction. Answers the import's counts; a body that cannot be read is a 400
 * naming the line, with nothing imported.
 */
export const ivmtrPushRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The body arrives as bytes whatever its type: the scan reader tells JSON from delimited.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Not in /openapi.json: USPS's system calls it, not an API client (docs/mail-tracking.md).
  app.post('/scans', { schema: { hide: true } }, async (request) => {
    checkPushAuth(deps, request);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      return await importScans(deps.pool, [body], { now: deps.clock.now(), signer: deps.signer });
    } catch (err) {
      if (err instanceof ScanFileError)
        throw apiError('validation_error', `${err.message}; nothing was imported.`);
      throw err;
    }
  });
};
