import type { CDPSession } from 'puppeteer-core';
import type { PageSize } from '../sizes.js';

/**
 * Prints the tab's document to a PDF of exactly `size`. Margins are zero: the document's own
 * CSS places everything, as with the hosted service, and the address zones are stamped
 * afterwards. CSS @page sizes are ignored on purpose so a template cannot change the sheet size.
 */
export async function printPage(
  cdp: CDPSession,
  size: PageSize,
  options: { maxPages?: number } = {},
): Promise<Uint8Array> {
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
  return new Uint8Array(Buffer.from(printed.data, 'base64'));
}
