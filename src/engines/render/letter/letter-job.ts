import type { PDFDocument } from 'pdf-lib';
import type { AssetFetcher } from '../assets/fetch-asset.js';
import type { BrowserPool } from '../browser/page-pool.js';
import type { CardRenderInput, CardRenderResult } from '../card/card-job.js';
import type { ImbBarcode } from '../imb/draw-imb.js';
import type { AddressContact } from '../pdf/address-lines.js';
import type { AddressLayout } from '../pdf/address-zones.js';
import type { LetterSize, PageSize } from '../sizes.js';

/** What the letters service hands the renderer; HTML is already merged (mergeHtml). */
export interface LetterRenderInput {
  size: LetterSize;
  /** `field` names the request field in errors; defaults to `html` / `pdf`. */
  content:
    | { kind: 'html'; html: string; field?: string }
    | { kind: 'pdf'; bytes: Uint8Array; field?: string };
  to: AddressContact;
  from?: AddressContact | null;
  addressPlacement: 'top_first_page' | 'insert_blank_page';
  doubleSided: boolean;
  color: boolean;
  attachedPDF?: { bytes: Uint8Array; placement: 'before_template' | 'after_template' } | null;
  perforatedPage?: 1 | null;
  /** The plastic card to print beside the letter (its own PDF), if any. */
  plasticCard?: CardRenderInput | null;
  /** A live US letter's Intelligent Mail barcode, drawn above the recipient's name. */
  imb?: ImbBarcode | null;
}

export interface RenderDeps {
  pool: BrowserPool;
  /** createAssetFetcher(config.allowPrivateUrls) in the app. */
  fetchAsset: AssetFetcher;
  /** Called after each stage with its name and duration, for metrics and the CLI. */
  observe?: (stage: string, ms: number) => void;
}

export interface LetterRenderResult {
  pdf: Uint8Array;
  /** Pages in the PDF, address and blank pages included. */
  pageCount: number;
  /** Sheets of paper: pages, or pages / 2 when double-sided. */
  sheetCount: number;
  /** Things the caller should know that did not stop the render (blocked URLs, shortened lines). */
  warnings: string[];
  /** Recorded for the print manifest; nothing is drawn. */
  perforatedPage: 1 | null;
  color: boolean;
  doubleSided: boolean;
  /** The plastic card's PDF when the input had one; null otherwise. */
  card: CardRenderResult | null;
}

/** The state passed from stage to stage. */
export interface LetterJob {
  input: LetterRenderInput;
  size: PageSize;
  layout: AddressLayout;
  warnings: Set<string>;
  contentField: string;
  html?: string;
  /** The letter being assembled; starts as the content. */
  doc?: PDFDocument;
  attached?: PDFDocument;
}

export type LetterStage = (job: LetterJob, deps: RenderDeps) => Promise<void>;
