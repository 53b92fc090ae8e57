import { safeFetch } from '../../../platform/safe-fetch.js';
import { SafeFetchError } from '../../../platform/safe-fetch-error.js';
import { RenderInputError, RenderUnavailableError } from '../errors.js';
import { LIMITS } from '../limits.js';

export interface FetchPdfOptions {
  /** The request field holding the URL (`pdf`, `attachedPDF.file`), named in errors. */
  field: string;
  /** The operator's POSTROOM_ALLOW_PRIVATE_URLS. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * Downloads a PDF given by URL for a letter. Refused, missing, oversized or non-PDF answers
 * are RenderInputError naming `field` (a 400 at create time); timeouts, unreachable hosts
 * and 5xx answers are RenderUnavailableError (retry later). The bytes still go through
 * loadCheckedPdf when the letter is rendered.
 */
export async function fetchSuppliedPdf(url: string, opts: FetchPdfOptions): Promise<Uint8Array> {
  try {
    const res = await safeFetch(url, {
      allowPrivate: opts.allowPrivate,
      maxBytes: LIMITS.maxInputPdfBytes,
      timeoutMs: opts.timeoutMs ?? 30_000,
    });
    if (!Buffer.from(res.bytes.subarray(0, 1024)).includes('%PDF-')) {
      throw new RenderInputError(opts.field, `${opts.field}: ${url} did not return a PDF`, 'not_pdf');
    }
    return res.bytes;
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    if (err.retryable) throw new RenderUnavailableError(`${opts.field}: ${err.message}`, { cause: err });
    const code = err.code === 'private_address' || err.code === 'too_large' ? err.code : 'fetch_failed';
    throw new RenderInputError(opts.field, `${opts.field}: ${err.message}`, code);
  }
}
