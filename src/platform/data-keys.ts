import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A value sealed with AES-256-GCM, as stored: the key's id, nonce, tag and ciphertext (base64). */
export interface Sealed {
  k: string;
  iv: string;
  tag: string;
  ct: string;
}

/**
 * The keys that seal what must be kept but never shown (a bank account's full number, needed
 * to print a cheque's MICR line). They live outside the database, so a copy of the database
 * alone reveals nothing: POSTROOM_DATA_KEYS (`id:base64key,...`, the first seals, every one
 * opens), or else a key file generated once in the data dir (docs/operations.md, rotation).
 */
export class DataKeys {
  readonly #current: { id: string; key: Buffer };
  readonly #byId: Map<string, Buffer>;

  constructor(keys: Array<{ id: string; key: Buffer }>) {
    if (keys.length === 0) throw new Error('at least one data key is needed');
    for (const { id, key } of keys)
      if (key.length !== 32) throw new Error(`data key ${id} must be 32 bytes (base64 of 32 random bytes)`);
    this.#current = keys[0];
    this.#byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The id of the key new values are sealed with. */
  get currentId(): string {
    return this.#current.id;
  }

  seal(plaintext: string): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv);
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      k: this.#current.id,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ct: ct.toString('base64'),
    };
  }

  open(sealed: Sealed): string {
    const key = this.#byId.get(sealed.k);
    if (!key)
      throw new Error(
        `data key ${sealed.k} is not configured; it sealed a stored value (POSTROOM_DATA_KEYS)`,
      );
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** Parses POSTROOM_DATA_KEYS: `id:base64key` pairs, comma-separated, the sealing key first. */
export function parseDataKeys(text: string): Array<{ id: string; key: Buffer }> {
  return text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf(':');
      if (at < 1) throw new Error('POSTROOM_DATA_KEYS must be id:base64key pairs separated by commas');
      return { id: pair.slice(0, at), key: Buffer.from(pair.slice(at + 1), 'base64') };
    });
}

export const DATA_KEYS_FILE = 'secrets/data-keys';

/**
 * The configured keys, or the data dir's key file (created with one new key, mode 0600, on
 * first use). A process on another machine (`postroom worker`) needs POSTROOM_DATA_KEYS.
 */
export async function loadDataKeys(configured: string | undefined, dataDir: string): Promise<DataKeys> {
  if (configured) return new DataKeys(parseDataKeys(configured));
  const file = path.join(dataDir, DATA_KEYS_FILE);
  let text = await readFile(file, 'utf8').catch((err) => {
    if (err.code !== 'ENOENT') throw err;
    return undefined;
  });
  if (text === undefined) {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const first = `k1:${randomBytes(32).toString('base64')}\n`;
    // `wx`: two processes starting together keep the first file written.
    await writeFile(file, first, { mode: 0o600, flag: 'wx' }).catch((err) => {
      if (err.code !== 'EEXIST') throw err;
    });
    await chmod(file, 0o600);
    text = await readFile(file, 'utf8');
  }
  return new DataKeys(parseDataKeys(text.replace(/\s*\n\s*/g, ',')));
}

/**
 * Rotation, first step, for the data dir's key file: a new key goes first (it seals from now
 * on); the old ones stay to open what they sealed until `postroom secrets reseal` has moved
 * every value to the new one. Returns the new key's id.
 */
export async function addDataKeyToFile(dataDir: string): Promise<string> {
  const file = path.join(dataDir, DATA_KEYS_FILE);
  const current = parseDataKeys((await readFile(file, 'utf8')).replace(/\s*\n\s*/g, ','));
  const taken = new Set(current.map((k) => k.id));
  let n = current.length + 1;
  while (taken.has(`k${n}`)) n++;
  const id = `k${n}`;
  const lines = [{ id, key: randomBytes(32) }, ...current].map((k) => `${k.id}:${k.key.toString('base64')}`);
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return id;
}
