import { invalid } from '../../../platform/errors.js';
import { suppliedFileBytes } from '../../../platform/supplied-file.js';

const MAX_BYTES = 2 * 1024 * 1024;

/** An image's type from its first bytes: only PNG and JPEG print well on a cheque. */
function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/**
 * An image a caller supplies (a bank account's `signatureImage`, a cheque's `logoURL`): a
 * multipart upload, the image itself in base64 or a data: URL, or an http(s) URL fetched now
 * through safe-fetch (size and time limits, no private addresses unless allowed;
 * platform/supplied-file.ts). Whatever it is, it must be a PNG or JPEG by its bytes, not its
 * name or header: a 400 naming the field otherwise.
 */
export async function suppliedImage(
  value: unknown,
  field: string,
  allowPrivate: boolean,
): Promise<{ bytes: Uint8Array; contentType: string; source: string }> {
  const file = await suppliedFileBytes(value, field, {
    what: 'PNG or JPEG image',
    urls: true,
    allowPrivate,
    maxBytes: MAX_BYTES,
    timeoutMs: 10_000,
  });
  const { bytes } = file;
  const source = file.source || (file.form === 'upload' ? 'upload' : file.form);
  if (bytes.length > MAX_BYTES) throw invalid(field, `is over ${MAX_BYTES / 1024 / 1024} MB.`);
  const contentType = imageType(bytes);
  if (!contentType) throw invalid(field, 'is not a PNG or JPEG image.');
  return { bytes, contentType, source };
}
