import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  addDataKeyToFile,
  DATA_KEYS_FILE,
  DataKeys,
  loadDataKeys,
  parseDataKeys,
} from '../../src/platform/data-keys.js';

const key = () => randomBytes(32);

test('sealed values open with the key that sealed them; a tampered one does not', () => {
  const keys = new DataKeys([{ id: 'a', key: key() }]);
  const sealed = keys.seal('000123456789');
  assert.equal(sealed.k, 'a');
  assert.doesNotMatch(JSON.stringify(sealed), /000123456789/);
  assert.notDeepEqual(keys.seal('000123456789'), sealed, 'a fresh nonce every time');
  assert.equal(keys.open(sealed), '000123456789');
  const flipped = Buffer.from(sealed.ct, 'base64');
  flipped[0] ^= 1;
  assert.throws(() => keys.open({ ...sealed, ct: flipped.toString('base64') }));
  assert.throws(() => new DataKeys([{ id: 'b', key: key() }]).open(sealed), /data key a is not configured/);
});

test('POSTROOM_DATA_KEYS: the first key seals, every key opens; a short key is refused', () => {
  const [a, b] = [key(), key()];
  const older = new DataKeys([{ id: 'old', key: b }]).seal('42');
  const keys = new DataKeys(parseDataKeys(`new:${a.toString('base64')}, old:${b.toString('base64')}`));
  assert.equal(keys.currentId, 'new');
  assert.equal(keys.open(older), '42');
  assert.throws(() => new DataKeys(parseDataKeys(`x:${randomBytes(16).toString('base64')}`)), /32 bytes/);
  assert.throws(() => parseDataKeys('no-colon'), /id:base64key/);
});

test('without configured keys, a key file is made once in the data dir (0600) and kept', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-keys-'));
  const first = await loadDataKeys(undefined, dir);
  const file = path.join(dir, DATA_KEYS_FILE);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const sealed = first.seal('secret');
  assert.equal((await loadDataKeys(undefined, dir)).open(sealed), 'secret', 'the same key next start');
  const id = await addDataKeyToFile(dir);
  const rotated = await loadDataKeys(undefined, dir);
  assert.equal(rotated.currentId, id);
  assert.notEqual(id, first.currentId);
  assert.equal(rotated.open(sealed), 'secret', 'the old key still opens');
  assert.equal(rotated.seal('x').k, id);
  assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 2);
});
