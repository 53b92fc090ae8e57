import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import { isValidBlobKey } from '../storage/blob-store.js';
import type { Clock } from './clock.js';
import { loadSecret } from './server-secrets.repo.js';

/** Signed file links live 15 minutes; a client fetches the order again for a fresh one. */
export const SIGNED_URL_TTL_MS = 15 * 60 * 1000;
export const SIGNED_FILES_PATH = '/files';

export interface UrlSigner {
  /** A link to a blob, valid for SIGNED_URL_TTL_MS from now, served under POSTROOM_PUBLIC_URL. */
  urlFor(blobKey: string): string;
  /** True when the signature matches and the link has not expired. */
  check(blobKey: string, expires: string, signature: string): boolean;
}

export function createUrlSigner(secret: Buffer, publicUrl: string, clock: Clock): UrlSigner {
  const sign = (key: string, expires: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    urlFor(blobKey) {
      const expires = String(Math.floor((clock.now().getTime() + SIGNED_URL_TTL_MS) / 1000));
      return `${publicUrl}${SIGNED_FILES_PATH}/${blobKey}?expires=${expires}&signature=${sign(blobKey, expires)}`;
    },
    check(blobKey, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(blobKey, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export interface SignedLink {
  blobKey: string;
  expires: string;
  signature: string;
}

/**
 * A request for a signed file as the signer spells it, from the request line as sent (before
 * any decoding), or undefined: one link has one spelling. The key is a blob key in plain
 * characters (no percent-escapes, no `.`, `..` or empty segments), the query exactly
 * `expires` (digits) and `signature` (URL-safe base64, unpadded), each once.
 */
export function parseSignedLink(rawUrl: string): SignedLink | undefined {
  const [path, query = '', ...more] = rawUrl.split('?');
  const prefix = `${SIGNED_FILES_PATH}/`;
  if (more.length > 0 || !path.startsWith(prefix)) return undefined;
  const blobKey = path.slice(prefix.length);
  if (!isValidBlobKey(blobKey)) return undefined;
  const params = query.split('&').map((pair) => pair.split('='));
  if (params.length !== 2 || params.some((pair) => pair.length !== 2)) return undefined;
  const values = Object.fromEntries(params) as Record<string, string>;
  const { expires, signature } = values;
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
    return undefined;
  return { blobKey, expires, signature };
}

/** The signing key: generated once, kept in the database so every process signs alike. */
export function loadSigningSecret(db: Queryable): Promise<Buffer> {
  return loadSecret(db, 'signed-url', () => randomBytes(32));
}
