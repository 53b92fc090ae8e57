import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: HttpOnly (no script reads it), SameSite=Strict, only for /dashboard. */
export const SESSION_COOKIE = 'postroom_session';
export const DASHBOARD_PATH = '/dashboard';
/** A session lasts this long from sign-in, whatever is done with it (no sliding renewal). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** 256 random bits: stored only as a SHA-256 hash, like API keys. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const sessionTokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

/** Secure cookies when the dashboard is reached over HTTPS (directly or behind a trusted proxy). */
export const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: DASHBOARD_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: DASHBOARD_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
  });
}

export const sessionTokenOf = (request: FastifyRequest): string | undefined => {
  const token = request.cookies[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
};
