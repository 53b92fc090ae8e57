/**
 * The render engine's public surface. Pure of HTTP and SQL: the order services merge and
 * validate, the render job hands a RenderJob to an OrderRenderer and stores what comes back.
 *
 *   const pool = new BrowserPool({ executablePath: config.chromiumPath });
 *   const deps = { pool, fetchAsset: createAssetFetcher(config.allowPrivateUrls) };
 *   const context = buildMergeContext(letter.mergeVariables, letter.to, letter.from);
 *   findMissingVariables(html, context)  → names for a 400, before the letter is created
 *   const { pdf, pageCount, companions } = await renderJob({ kind: 'letter', input: { ...letter,
 *     content: { kind: 'html', html: mergeHtml(html, context) } } }, deps);
 *   await pool.close();
 */
export { type AssetFetcher, createAssetFetcher, type FetchedAsset } from './assets/fetch-asset.js';
export { inlineAssets } from './assets/inline-assets.js';
export { type BoxRenderInput, MAX_BOX_CHEQUES } from './box/box-job.js';
export { htmlToPdf } from './browser/html-to-pdf.js';
export { networkIsolation } from './browser/no-network.js';
export { BrowserPool, type BrowserPoolOptions, type PoolStats } from './browser/page-pool.js';
export type { CardRenderInput, CardRenderResult } from './card/card-job.js';
export { loadCardPdf, renderCard } from './card/render-card.js';
export {
  isAbaRoutingNumber,
  isAccountNumber,
  isCanadianInstitutionNumber,
  isCanadianTransitNumber,
} from './cheque/bank-numbers.js';
export {
  amountInFigures,
  amountInWords,
  isChequeAmount,
  MAX_CHEQUE_AMOUNT_CENTS,
} from './cheque/cheque-amount.js';
export type { ChequeBank, ChequeLetter, ChequeRenderInput, ChequeSignature } from './cheque/cheque-job.js';
export {
  PdfCheckError,
  RenderInputError,
  RenderTimeoutError,
  RenderUnavailableError,
  TemplateSyntaxError,
} from './errors.js';
export { drawImb, IMB_LENGTH, type ImbBarcode, imbBarStates } from './imb/draw-imb.js';
export { type BarState, decodeImb, encodeImb } from './imb/usps-b-3200.js';
export type { LetterRenderInput, LetterRenderResult, RenderDeps } from './letter/letter-job.js';
export { renderLetter } from './letter/render-letter.js';
export { LIMITS } from './limits.js';
export { loadMailpiecePdf } from './mailpiece/load-mailpiece-pdf.js';
export type { MailpieceFinishing, MailpieceFormat, MailpieceKind } from './mailpiece/mailpiece-format.js';
export type { MailpieceRenderInput, MailpieceSide } from './mailpiece/mailpiece-job.js';
export { MAILPIECE_KINDS } from './mailpiece/mailpiece-kinds.js';
export {
  buildMergeContext,
  CONTACT_MERGE_FIELDS,
  type MergeContact,
  type MergeContext,
} from './merge/merge-context.js';
export { mergeHtml } from './merge/merge-html.js';
export { findMissingVariables } from './merge/missing-variables.js';
export { type AddressContact, addressLines } from './pdf/address-lines.js';
export { ADDRESS_LAYOUTS, type AddressLayout, type Zone } from './pdf/address-zones.js';
export { type FetchPdfOptions, fetchSuppliedPdf } from './pdf/fetch-supplied-pdf.js';
export { loadCheckedPdf, type PdfCheckOptions } from './pdf/load-checked-pdf.js';
export { type AddressStamp, stampAddresses } from './pdf/stamp-addresses.js';
export type { PreviewZone, PreviewZones } from './preview-zones.js';
export { type PrintedDocument, printDocument } from './print-document.js';
export type { RenderJob, RenderKind, RenderResult } from './render-job.js';
export type { RenderPipeline } from './render-pipeline.js';
export { previewZones, RENDER_PIPELINES, renderJob } from './render-pipelines.js';
export { type LetterSize, PAGE_SIZES, type PageSize, type PageSizeName } from './sizes.js';
export { inThreadRenderer, type OrderRenderer } from './thread/order-renderer.js';
export { RenderThread, type RenderThreadOptions } from './thread/render-thread.js';
