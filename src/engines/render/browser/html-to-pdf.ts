import type { PageSize } from '../sizes.js';
import type { BrowserPool } from './page-pool.js';

export interface HtmlPdf {
  pdf: Uint8Array;
  /** URLs the document tried to load and was refused (everything but data: URLs). */
  blocked: string[];
}

/**
 * Prints self-contained HTML (assets already inlined) to a PDF of exactly `size`.
 * Margins are zero: the document's own CSS places everything, as with the hosted service,
 * and the address zones are stamped afterwards. CSS @page sizes are ignored on purpose so
 * a template cannot change the sheet size.
 */
export async function htmlToPdf(
  pool: BrowserPool,
  html: string,
  size: PageSize,
  options: { maxPages?: number } = {},
): Promise<HtmlPdf> {
  return pool.withPage(async ({ page, cdp, blocked }) => {
    await page.setContent(html, { waitUntil: 'load' });
    // Page.printToPDF directly, answered inline as base64: puppeteer's page.pdf() streams the
    // file through repeated IO.read calls, each a protocol round trip.
    const printed = await cdp.send('Page.printToPDF', {
      paperWidth: size.width / 72,
      paperHeight: size.height / 72,
      marginTop: 0,
      marginBottom: 0,
      marginLeft: 0,
      marginRight: 0,
      printBackground: true,
      preferCSSPageSize: false,
      generateTaggedPDF: false,
      generateDocumentOutline: false,
      transferMode: 'ReturnAsBase64',
      // One page past the limit is enough to know a document is too long, and a runaway
      // document then costs its layout but not thousands of printed pages.
      ...(options.maxPages ? { pageRanges: `1-${options.maxPages + 1}` } : {}),
    });
    return { pdf: new Uint8Array(Buffer.from(printed.data, 'base64')), blocked: [...blocked] };
  });
}
