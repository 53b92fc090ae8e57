import { isUploadedFile, type UploadedFile } from './body-parsers.js';
import { invalid } from './errors.js';
import { SafeFetchError, safeFetch } from './safe-fetch.js';

/**
 * The one home for a file a client supplies in a field (`pdf`, `attachedPDF.file`,
 * `signatureImage`, a CSV's `file`, a scan...): every field that takes a file takes it in
 * each of these forms, told apart by what the value is, never by the field:
 *
 * - a multipart file part (parsed into an UploadedFile);
 * - an `http://` or `https://` URL, fetched through safe-fetch (where the field fetches);
 * - a `data:` URL (RFC 2397: `data:[<type>][;name=...][;base64],<data>`, the data base64 or
 *   percent-encoded);
 * - the file itself in base64, as the hosted API's OpenAPI types such fields (`format: byte`)
 *   and its Python SDK sends a file given as a path or an open file: standard (`+/`) or
 *   URL-safe (`-_`) alphabet, padded or not, wrapped in lines (CRLF or LF) or not.
 *
 * A URL always has a scheme and so a ':'; base64 never contains one, so the two cannot be
 * mistaken. Anything else (a URL without its scheme, a file name, text with spaces) is a 400
 * naming the field and what it takes. The bytes go on to the field's own checks (a PDF's
 * pages, an image's type, a CSV's rows), exactly as an upload's do.
 */

export type FileForm = 'upload' | 'url' | 'base64' | 'data_url';

export interface FileRules {
  /** What the file is, after "a": `PDF`, `PNG or JPEG image`, `CSV file`. */
  what: string;
  /** Whether an http(s) URL is fetched; false: the field takes the file itself only. */
  urls: boolean;
}

/** A file given inline, in the body itself: its bytes decoded. */
export interface InlineFile {
  form: 'base64' | 'data_url';
  bytes: Buffer;
  /** A data: URL's `name=` or `filename=` parameter, when it has one. */
  name?: string;
}

export type FileValue = { form: 'upload'; file: UploadedFile } | { form: 'url'; url: string } | InlineFile;

/** The message for a value that is none of the forms the field takes. */
export function expectedFile(rules: FileRules): string {
  const inline = `the ${rules.what} itself in base64 or as a data: URL, or the ${rules.what} as a multipart file part`;
  return rules.urls ? `must be an http(s) URL of a ${rules.what}, ${inline}.` : `must be ${inline}.`;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]{0,31}):/;

/**
 * What a file field's value is, with an inline file decoded; a URL is not fetched. Throws a
 * 400 naming `field` for anything else.
 */
export function fileValue(value: unknown, field: string, rules: FileRules): FileValue {
  if (isUploadedFile(value)) return { form: 'upload', file: value };
  if (typeof value !== 'string') throw invalid(field, expectedFile(rules));
  const text = value.trim();
  if (text === '') throw invalid(field, `is empty: it ${expectedFile(rules)}`);
  const scheme = SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    if (!rules.urls)
      throw invalid(field, `is a URL, which this field does not fetch: it ${expectedFile(rules)}`);
    return { form: 'url', url: text };
  }
  if (scheme === 'data') return dataUrl(text, field, rules);
  if (scheme !== undefined)
    throw invalid(field, `is a ${scheme}: URL, which is not fetched: it ${expectedFile(rules)}`);
  return { form: 'base64', bytes: decodeBase64(text, field, rules) };
}

/**
 * The file's bytes, whatever form it came in: an upload's, an inline file decoded, or a URL
 * fetched (safe-fetch: `maxBytes`, `timeoutMs`, private addresses as `allowPrivate` says).
 * `source` is what the file is known by: the URL, the upload's filename or a data: URL's name
 * ('' when it has none).
 */
export async function suppliedFileBytes(
  value: unknown,
  field: string,
  rules: FileRules & { allowPrivate: boolean; maxBytes: number; timeoutMs: number },
): Promise<{ bytes: Uint8Array; source: string; form: FileForm }> {
  const file = fileValue(value, field, rules);
  if (file.form === 'upload')
    return { bytes: new Uint8Array(file.file.data), source: file.file.filename ?? '', form: 'upload' };
  if (file.form !== 'url')
    return { bytes: new Uint8Array(file.bytes), source: file.name ?? '', form: file.form };
  try {
    const res = await safeFetch(file.url, {
      allowPrivate: rules.allowPrivate,
      maxBytes: rules.maxBytes,
      timeoutMs: rules.timeoutMs,
    });
    return { bytes: res.bytes, source: file.url, form: 'url' };
  } catch (err) {
    if (err instanceof SafeFetchError) throw invalid(field, `could not be fetched: ${err.message}.`);
    throw err;
  }
}

/**
 * What an order or resource names a supplied file by, read from the value as sent (nothing
 * decoded or fetched): a URL as sent, an upload (or a file held under a name) by its filename,
 * a data: URL by its name parameter; otherwise `fallback`. A file's bytes are never kept in a stored document.
 */
export function suppliedFileName(value: unknown, fallback: string): string {
  // An upload, or a file the server already holds under a name (an order profile's PDF).
  if (typeof value === 'object' && value !== null)
    return String((value as { filename?: unknown }).filename ?? '') || fallback;
  if (typeof value !== 'string') return fallback;
  const text = value.trim();
  const scheme = SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme === 'data') return dataUrlName(text.slice(5, dataComma(text))) ?? fallback;
  return scheme !== undefined ? text : fallback; // a URL as sent; base64 by the fallback
}

// --- data: URLs -------------------------------------------------------------------------

/** Where a data: URL's header ends (its first comma), looked for in the first KB only; -1 if not there. */
const dataComma = (text: string) => text.slice(0, 1024).indexOf(',');

function dataUrlName(header: string): string | undefined {
  for (const param of header.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    if (key !== 'name' && key !== 'filename') continue;
    try {
      return decodeURIComponent(param.slice(eq + 1).trim()).slice(0, 255) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function dataUrl(text: string, field: string, rules: FileRules): InlineFile {
  const comma = dataComma(text);
  if (comma < 0)
    throw invalid(
      field,
      'is a data: URL without the comma that ends its header (data:<type>;base64,<data>).',
    );
  const header = text.slice(5, comma);
  const params = header.split(';').map((p) => p.trim().toLowerCase());
  const isBase64 = params.length > 1 && params[params.length - 1] === 'base64';
  const data = text.slice(comma + 1);
  const name = dataUrlName(header);
  if (!isBase64) return { form: 'data_url', bytes: percentDecoded(data, field), name };
  // Some encoders percent-encode the base64 too (%2B, %2F, %3D).
  const b64 = data.includes('%') ? percentDecoded(data, field).toString('latin1') : data;
  return { form: 'data_url', bytes: decodeBase64(b64, field, rules, true), name };
}

/** RFC 3986 percent-decoding to bytes; other characters as their UTF-8. */
function percentDecoded(data: string, field: string): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = data.indexOf('%'); at >= 0; at = data.indexOf('%', from)) {
    const hex = data.slice(at + 1, at + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex))
      throw invalid(
        field,
        `is a data: URL with a '%' not followed by two hex digits (at character ${at + 1}).`,
      );
    parts.push(Buffer.from(data.slice(from, at), 'utf8'), Buffer.from([Number.parseInt(hex, 16)]));
    from = at + 3;
  }
  parts.push(Buffer.from(data.slice(from), 'utf8'));
  return Buffer.concat(parts);
}

// --- base64 -----------------------------------------------------------------------------

/** Occurrences of one character (indexOf is fast on a long string; a wrapped file has one per line). */
function count(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) n++;
  return n;
}

const NOT_BASE64 = /[^A-Za-z0-9+/_\-=\r\n]/;

/**
 * Decodes base64 strictly, fast on a file of tens of MB: Node's decoder takes both alphabets
 * and skips line breaks, but it also skips any other character and stops at a '=', without a
 * word. So the decoded length is compared with the length the characters make; any character
 * Node skipped or stopped at makes the file shorter, and only then is the text scanned for
 * what is wrong, to say so.
 */
function decodeBase64(text: string, field: string, rules: FileRules, inDataUrl = false): Buffer {
  let pad = 0;
  while (pad < text.length && text.charCodeAt(text.length - 1 - pad) === 61 /* = */) pad++;
  const breaks = count(text, '\n') + count(text, '\r');
  const chars = text.length - pad - breaks;
  const bytes = Buffer.from(text, 'base64');
  const whole = chars % 4 !== 1 && pad <= 2 && (pad === 0 || (chars + pad) % 4 === 0);
  if (whole && bytes.length === Math.floor((chars * 3) / 4)) return bytes;
  throw invalid(field, base64Problem(text, pad, chars, rules, inDataUrl));
}

function base64Problem(
  text: string,
  pad: number,
  chars: number,
  rules: FileRules,
  inDataUrl: boolean,
): string {
  const bad = NOT_BASE64.exec(text);
  const invalidAs = inDataUrl ? 'is a data: URL whose base64 data is not valid' : 'is not valid base64';
  const of = inDataUrl ? ' of its data' : '';
  const hint = inDataUrl
    ? '; base64 is A-Z, a-z, 0-9 and + / (or - _), with = at the end.'
    : `: it ${expectedFile(rules)}`;
  if (bad) {
    const shown = bad[0] === ' ' ? 'a space' : bad[0] === '\t' ? 'a tab' : `'${bad[0]}'`;
    const why = bad[0] === ' ' ? " (in a form body a '+' must be sent as %2B, or it arrives as a space)" : '';
    const what =
      !inDataUrl && /[.:\\ ]/.test(bad[0])
        ? 'is neither a URL (one starts with http:// or https://) nor base64'
        : invalidAs;
    return `${what}: character ${bad.index + 1}${of} is ${shown}${why}${hint}`;
  }
  const inner = text.indexOf('=');
  if (inner >= 0 && inner < text.length - pad)
    return `${invalidAs}: '=' padding at character ${inner + 1}${of}, before its end${hint}`;
  if (pad > 2) return `${invalidAs}: it ends in ${pad} '=', and padding is at most two${hint}`;
  return `${invalidAs}: ${chars + pad} characters cannot be whole base64 (cut short?)${hint}`;
}
