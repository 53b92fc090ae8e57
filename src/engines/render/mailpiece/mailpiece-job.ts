import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { ImbBarcode } from '../imb/draw-imb.js';
import type { RenderDeps } from '../letter/letter-job.js';
import type { AddressContact } from '../pdf/address-lines.js';
import type { MailpieceFormat } from './mailpiece-format.js';

/** One side of a mail piece as merged HTML; `field` names the request field in errors. */
export interface MailpieceSide {
  field: string;
  html: string;
}

/** What the postcards or self mailers service hands the renderer; HTML is already merged. */
export interface MailpieceRenderInput {
  /** A key of the kind's format table (POSTCARD_FORMATS, SELF_MAILER_FORMATS). */
  size: string;
  /** Page 1 then page 2 (front, back / inside, outside), or one two-page PDF. */
  content:
    | { kind: 'html'; sides: [MailpieceSide, MailpieceSide] }
    | { kind: 'pdf'; bytes: Uint8Array; field: string };
  to: AddressContact;
  /** Postcards may have no sender; then no return address is printed. */
  from?: AddressContact | null;
  /** A live US piece's Intelligent Mail barcode, drawn in the barcode clear zone. */
  imb?: ImbBarcode | null;
}

export interface MailpieceRenderResult {
  /** Print-ready: two bleed-size pages with their trim and bleed boxes set. */
  pdf: Uint8Array;
  pageCount: number;
  /** Things the caller should know that did not stop the render (blocked URLs, shortened lines). */
  warnings: string[];
}

/** The state passed from stage to stage. */
export interface MailpieceJob {
  input: MailpieceRenderInput;
  format: MailpieceFormat;
  warnings: Set<string>;
  /** Page 1 and page 2 as supplied or printed, before placing. */
  sides?: PDFPage[];
  /**
   * The document Chromium printed the HTML sides into, a page per side. Unlike a supplied PDF
   * it holds nothing but those pages, so they can become the piece's own when their size is
   * already right.
   */
  printed?: PDFDocument;
  /** The piece being assembled: one bleed-size page per side. */
  doc?: PDFDocument;
}

export type MailpieceStage = (job: MailpieceJob, deps: RenderDeps) => Promise<void>;
