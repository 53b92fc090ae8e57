import type { PDFDocument } from 'pdf-lib';
import type { ChequeRenderInput } from '../cheque/cheque-job.js';
import type { RenderDeps } from '../letter/letter-job.js';
import type { AddressContact } from '../pdf/address-lines.js';

/** A box of cheques to one recipient: what the boxes service hands the renderer. */
export interface BoxRenderInput {
  to: AddressContact;
  from: AddressContact;
  /** 1 to 100 cheques, each rendered as a cheque on its own (with its letter, if any). */
  cheques: ChequeRenderInput[];
}

export interface BoxRenderResult {
  /** The packing page, then every cheque's pages in order. */
  pdf: Uint8Array;
  pageCount: number;
  warnings: string[];
}

/** The state passed from stage to stage. */
export interface BoxJob {
  input: BoxRenderInput;
  warnings: Set<string>;
  doc?: PDFDocument;
  /** Where each cheque's pages start in the box's PDF (1-based), for the packing page. */
  chequePages: number[];
}

export type BoxStage = (job: BoxJob, deps: RenderDeps) => Promise<void>;

/** The most cheques one box holds. */
export const MAX_BOX_CHEQUES = 100;
