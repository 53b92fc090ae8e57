import type { BoxRenderInput } from './box/box-job.js';
import type { ChequeRenderInput } from './cheque/cheque-job.js';
import type { LetterRenderInput } from './letter/letter-job.js';
import type { MailpieceRenderInput } from './mailpiece/mailpiece-job.js';

/**
 * One order to render, tagged with its kind. The render thread, the render child and the
 * jobs pass it along without looking inside; render-pipelines.ts picks the pipeline.
 */
export type RenderJob =
  | { kind: 'letter'; input: LetterRenderInput }
  | { kind: 'postcard'; input: MailpieceRenderInput }
  | { kind: 'self_mailer'; input: MailpieceRenderInput }
  | { kind: 'snap_pack'; input: MailpieceRenderInput }
  | { kind: 'cheque'; input: ChequeRenderInput }
  | { kind: 'box'; input: BoxRenderInput };

export type RenderKind = RenderJob['kind'];

/** What every pipeline returns, whatever the kind. */
export interface RenderResult {
  /** The print-ready PDF of the order. */
  pdf: Uint8Array;
  pageCount: number;
  /** Things the caller should know that did not stop the render (blocked URLs, shortened lines). */
  warnings: string[];
  /** Files made beside the order's own PDF, by name: a letter's plastic `card`. */
  companions: Record<string, Uint8Array>;
}
