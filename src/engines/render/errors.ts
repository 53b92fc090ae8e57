/**
 * The two ways a render fails. The letters API turns a RenderInputError into a 400 naming
 * `field` (or, in the background job, a cancellation with reason `invalid_content` and
 * `message` as the note); a RenderUnavailableError means "try again later" (browser crashed,
 * timed out, pool closing, an asset host was unreachable) and the job should retry.
 */
export class RenderInputError extends Error {
  override readonly name: string = 'RenderInputError';
  constructor(
    /** The request field at fault: `html`, `pdf`, `attachedPDF`, `to`, `from`... */
    readonly field: string,
    message: string,
    /** A stable code for tests and logs, e.g. `page_size`, `encrypted`, `asset_fetch`. */
    readonly code: string = 'invalid_content',
  ) {
    super(message);
  }
}

/** A PDF supplied by the caller failed a check (parse, encryption, size, page size, pages). */
export class PdfCheckError extends RenderInputError {
  override readonly name = 'PdfCheckError';
}

export class RenderUnavailableError extends Error {
  override readonly name: string = 'RenderUnavailableError';
  readonly retryable = true;
}

/**
 * A render that held its tab past the render timeout. Retryable once (the machine may have been
 * starved of CPU), but the same order timing out again is its content (a huge unbroken word,
 * a layout Chromium cannot finish): the job then cancels it as invalid content (render-order.ts).
 */
export class RenderTimeoutError extends RenderUnavailableError {
  override readonly name = 'RenderTimeoutError';
}

/** The template text itself cannot be parsed (unclosed block, bad syntax). */
export class TemplateSyntaxError extends Error {
  override readonly name = 'TemplateSyntaxError';
}
