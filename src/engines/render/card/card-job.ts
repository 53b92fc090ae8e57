/**
 * A letter's plastic card (`plasticCard`): CR80 artwork, one page per side, front first. HTML
 * sides are merged already (mergeHtml, same context as the letter); a PDF carries every side.
 */
export type CardRenderInput =
  | { kind: 'html'; sides: Array<{ field: string; html: string }> }
  | { kind: 'pdf'; field: string; bytes: Uint8Array; sides: 1 | 2 };

export interface CardRenderResult {
  /** Print-ready card PDF: 3.375 × 2.125 in landscape pages, front then back. */
  pdf: Uint8Array;
  pageCount: number;
  warnings: string[];
}
