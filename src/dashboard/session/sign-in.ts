import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/pool.js';
import { describeKey, hashKey, type Mode } from '../../platform/auth/api-key.js';
import { findActiveKeyByHash, type KeyRecord } from '../../platform/auth/keys.repo.js';
import type { NewSession } from './sessions.repo.js';

/** Why a sign-in or a mode switch was refused, in words the page shows beside the field. */
export class SignInRefused extends Error {}

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * What a credential typed into the sign-in form opens: the operator token (POSTROOM_OPERATOR_TOKEN)
 * opens an operator session that picks its organization; a secret API key opens its own
 * organization in its own mode. Public keys are refused: they are meant to be seen by anyone.
 */
export async function sessionFor(
  db: Queryable,
  credential: string,
  operatorToken: string | undefined,
): Promise<NewSession> {
  const typed = credential.trim();
  if (!typed) throw new SignInRefused('Enter a secret API key.');
  if (operatorToken && sameSecret(typed, operatorToken)) return { orgId: null, live: false, operator: true };
  const key = await secretKey(db, typed);
  return {
    orgId: key.orgId,
    live: key.live,
    operator: false,
    ...(key.live ? { liveKeyId: key.id } : { testKeyId: key.id }),
  };
}

/** An active secret key, or why not. */
export async function secretKey(db: Queryable, typed: string): Promise<KeyRecord> {
  const shape = describeKey(typed);
  if (!shape) throw new SignInRefused('That is not an API key: keys look like test_sk_… or live_sk_….');
  if (shape.kind !== 'secret')
    throw new SignInRefused('That is a public key (…_pk_…); sign in with a secret key (…_sk_…).');
  const record = await findActiveKeyByHash(db, hashKey(typed));
  if (!record) throw new SignInRefused('No active key matches: it may have been revoked.');
  return record;
}

/** The key that lets a customer's session show another mode: a secret key of that mode, of the same organization. */
export async function modeKey(db: Queryable, typed: string, orgId: string, mode: Mode): Promise<KeyRecord> {
  const key = await secretKey(db, typed);
  if (key.orgId !== orgId) throw new SignInRefused('That key belongs to another organization.');
  if (key.live !== (mode === 'live')) throw new SignInRefused(`That is not a ${mode} key.`);
  return key;
}
