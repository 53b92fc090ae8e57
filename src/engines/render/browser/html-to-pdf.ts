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
export async function htmlToPdf(pool: BrowserPool, html: string, size: PageSize): Promise<HtmlPdf> {
  return pool.withPage(async ({ page, blocked }) => {
    await page.setContent(html, { waitUntil: 'load' });
    const pdf = await page.pdf({
      width: size.css.width,
      height: size.css.height,
      printBackground: true,
      preferCSSPageSize: false,
      margin: { top: 0, right: 0, bottom: 0, left: 0 },
      tagged: false,
      outline: false,
    });
    return { pdf, blocked: [...blocked] };
  });
}
