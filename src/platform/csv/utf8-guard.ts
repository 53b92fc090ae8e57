import { isUtf8 } from 'node:buffer';
import { invalid } from '../errors.js';

/**
 * Passes a file's bytes through, throwing a 400 naming `file` (with the line) at the first
 * byte that is not UTF-8: a file saved as Latin-1 or UTF-16 would otherwise be read as
 * garbled names and addresses. A character split between two chunks is carried over.
 */
export async function* utf8Guard(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let carry: Uint8Array = new Uint8Array(0);
  let lines = 1;
  for await (const chunk of source) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    const whole = bytes.subarray(0, cut);
    if (!isUtf8(whole)) throw notUtf8(whole, lines);
    lines += countNewlines(whole);
    carry = bytes.slice(cut);
    yield chunk;
  }
  if (carry.length) throw notUtf8(carry, lines);
}

/** The length of `bytes` without a multi-byte character cut off at its end. */
function completeLength(bytes: Uint8Array): number {
  for (let i = bytes.length - 1, back = 0; i >= 0 && back < 4; i--, back++) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return bytes.length - i < need ? i : bytes.length;
  }
  return bytes.length;
}

function notUtf8(bytes: Uint8Array, linesBefore: number) {
  const at = Math.max(firstInvalidByte(bytes), 0);
  const line = linesBefore + countNewlines(bytes.subarray(0, at));
  const hex = bytes[at]?.toString(16).toUpperCase().padStart(2, '0');
  return invalid(
    'file',
    `is not UTF-8 text: line ${line} has a byte (0x${hex}) that is not UTF-8. Save the file as "CSV UTF-8" and send it again.`,
  );
}

/** Where a simple scan first sees bytes that cannot be UTF-8 (-1: none it can see). */
function firstInvalidByte(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    const n =
      c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (n === 0) return i;
    for (let k = 1; k < n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
    i += n;
  }
  return -1;
}

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}
