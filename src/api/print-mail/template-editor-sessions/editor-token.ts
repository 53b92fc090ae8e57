import { createHash, randomBytes } from 'node:crypto';

/** Where the editor page lives, outside /print-mail/v1: the token in its path is its credential. */
export const EDITOR_PATH = '/editor';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new session's secret: the last part of its url, and all the editor page asks for. */
export const newEditorToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps to find a session by its token (never the token itself). */
export const editorTokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

/** False for anything that cannot be a token, so a mangled link is refused before any query. */
export const isEditorTokenShaped = (token: string): boolean => TOKEN_PATTERN.test(token);

export const editorUrl = (publicUrl: string, token: string): string => `${publicUrl}${EDITOR_PATH}/${token}`;
