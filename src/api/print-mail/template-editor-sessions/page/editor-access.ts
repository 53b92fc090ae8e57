import type { Queryable } from '../../../../db/pool.js';
import { apiError } from '../../../../platform/errors.js';
import { findSessionByToken, type SessionByToken } from '../editor-sessions.repo.js';
import { editorTokenHash, isEditorTokenShaped } from '../editor-token.js';

/** What a link's token opens: a live session, or why not (the page and its calls answer alike). */
export type EditorAccess =
  | { kind: 'open'; session: SessionByToken }
  | { kind: 'invalid' }
  | { kind: 'expired'; expiredAt: string };

/**
 * The session a token opens. A token nobody was given (tampered, or its session deleted or
 * swept) is `invalid` (401); one whose 24 hours are over is `expired` (410) until the sweep
 * removes it. Nothing else about the session is told to the holder of a bad token.
 */
export async function accessSession(db: Queryable, token: string, now: Date): Promise<EditorAccess> {
  if (!isEditorTokenShaped(token)) return { kind: 'invalid' };
  const session = await findSessionByToken(db, editorTokenHash(token));
  if (!session) return { kind: 'invalid' };
  if (new Date(session.expiresAt) <= now) return { kind: 'expired', expiredAt: session.expiresAt };
  return { kind: 'open', session };
}

/** The open session, or the error the editor's JSON calls answer. */
export async function requireSession(db: Queryable, token: string, now: Date): Promise<SessionByToken> {
  const access = await accessSession(db, token, now);
  if (access.kind === 'invalid')
    throw apiError('missing_auth_error', 'This editor link is not valid: ask for a new editor session.');
  if (access.kind === 'expired')
    throw apiError(
      'editor_session_expired_error',
      `This editor session expired at ${access.expiredAt}: ask for a new editor session.`,
    );
  return access.session;
}
