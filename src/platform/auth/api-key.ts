import { createHash } from 'node:crypto';
import { randomBase58 } from '../ids.js';

export type Mode = 'test' | 'live';
export type Product = 'print-mail' | 'addver';
export type KeyKind = 'secret' | 'public';

export const PRODUCTS: readonly Product[] = Object.freeze(['print-mail', 'addver']);
const KEY_BODY_LENGTH = 32; // base58: ~187 bits

/** `test_sk_…`, `live_sk_…`, `test_pk_…`, `live_pk_…` as the hosted service writes them. */
export function generateKey(mode: Mode, kind: KeyKind): string {
  return `${mode}_${kind === 'secret' ? 'sk' : 'pk'}_${randomBase58(KEY_BODY_LENGTH)}`;
}

/** Keys are long and random, so one SHA-256 is enough to store them safely (no salt or KDF needed). */
export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function keyHint(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** Reads the mode and kind a key claims from its prefix; null when it is not a key at all. */
export function describeKey(key: string): { mode: Mode; kind: KeyKind } | null {
  const m = /^(test|live)_(sk|pk)_[1-9A-HJ-NP-Za-km-z]{16,64}$/.exec(key);
  if (!m) return null;
  return { mode: m[1] as Mode, kind: m[2] === 'sk' ? 'secret' : 'public' };
}
