import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { ImbBarcode } from '../imb/draw-imb.js';
import type { RenderDeps } from '../letter/letter-job.js';
import type { AddressContact } from '../pdf/address-lines.js';
import type { PageSize } from '../sizes.js';
import type { ChequeCanvas } from './cheque-canvas.js';

export type ChequeSignature = { kind: 'text'; text: string } | { kind: 'image'; bytes: Uint8Array };

/** The account the cheque is drawn on; its country decides the MICR line's layout. */
export interface ChequeBank {
  name: string;
  primaryLine: string;
  secondaryLine?: string | null;
  countryCode: 'US' | 'CA';
  /** US: the 9-digit ABA routing number. */
  routingNumber?: string | null;
  /** CA: the 5-digit branch transit number. */
  transitNumber?: string | null;
  /** CA: the 3-digit institution number. */
  routeNumber?: string | null;
  /** The full account number: digits, possibly with dashes. */
  accountNumber: string;
  signature: ChequeSignature;
}

/** A letter that goes with the cheque, printed on the pages after the cheque page. */
export type ChequeLetter =
  | { kind: 'html'; html: string; field: string }
  | { kind: 'pdf'; bytes: Uint8Array; field: string };

/** What the cheques service hands the renderer; a letter's HTML is already merged. */
export interface ChequeRenderInput {
  /** The sheet the cheque is printed on: 8.5 × 11 or 8.5 × 14 in, portrait. */
  size: 'us_letter' | 'us_legal';
  /** The cheque's serial number: top right, on the stub and in the MICR line. */
  number: number;
  /** Integer cents, 1 to MAX_CHEQUE_AMOUNT_CENTS. */
  amount: number;
  currencyCode: 'USD' | 'CAD';
  /** YYYY-MM-DD, printed as the cheque's date. */
  date: string;
  memo?: string | null;
  /** A short message printed on the stub, outside the cheque itself. */
  message?: string | null;
  /** The payee: the recipient window. */
  to: AddressContact;
  /** The drawer: the return window. */
  from: AddressContact;
  /** PNG or JPEG bytes, drawn top left beside the drawer. */
  logo?: Uint8Array | null;
  bank: ChequeBank;
  /** A cheque that is never printed (a PDF for the payee): a watermark across it, no perforation. */
  digitalOnly?: { watermark: string } | null;
  letter?: ChequeLetter | null;
  /** Made with a test key: marked "VOID — TEST MODE" across its face (drawTestVoid); live cheques are not. */
  testMode?: boolean;
  /** An address page in front of the cheque, addressed here (the cheque itself unchanged). */
  redirectTo?: AddressContact | null;
  /** A live US cheque's Intelligent Mail barcode: above the address the envelope goes to (redirectTo's, else the payee's). */
  imb?: ImbBarcode | null;
}

export interface ChequeRenderResult {
  /** The cheque page, then the letter's pages. */
  pdf: Uint8Array;
  pageCount: number;
  /** Things the caller should know that did not stop the render (shortened lines, replaced characters). */
  warnings: string[];
  /** True for a digital-only cheque (watermarked, not for printing); false for one to print and mail. */
  digitalOnly: boolean;
}

export interface ChequeFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Signatures given as text are written in a script-like face. */
  script: PDFFont;
}

/** The state passed from stage to stage. */
export interface ChequeJob {
  input: ChequeRenderInput;
  size: PageSize;
  warnings: Set<string>;
  doc?: PDFDocument;
  /** Page 1, with a record of everything drawn on it. */
  canvas?: ChequeCanvas;
  fonts?: ChequeFonts;
  /** The letter's pages, printed or supplied and checked, before they are appended. */
  letter?: PDFDocument;
}

export type ChequeStage = (job: ChequeJob, deps: RenderDeps) => Promise<void>;
