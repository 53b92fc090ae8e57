/** Limits on what a render accepts and how long it may take; one place to read and tune them. */
export const LIMITS = Object.freeze({
  /** Pages in one supplied PDF (uploaded content or attachedPDF). */
  maxInputPdfPages: 60,
  /** Pages in the finished letter, blank and address pages included. */
  maxLetterPages: 60,
  /** Bytes of one supplied PDF. */
  maxInputPdfBytes: 20 * 1024 * 1024,
  /** Characters of HTML before assets are inlined. */
  maxHtmlChars: 5 * 1024 * 1024,
  /** External assets (images, stylesheets, fonts) referenced by one letter. */
  maxAssets: 40,
  /** Bytes of one asset, and of all assets of one letter together. */
  maxAssetBytes: 5 * 1024 * 1024,
  maxTotalAssetBytes: 20 * 1024 * 1024,
  /** Time for one asset fetch. */
  assetTimeoutMs: 10_000,
  /** Time for Chromium to lay out and print one document. */
  renderTimeoutMs: 30_000,
});
