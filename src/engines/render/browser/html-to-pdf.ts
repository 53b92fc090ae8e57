import type { PageSize } from '../sizes.js';
import type { BrowserPool } from './page-pool.js';
import { leaveHeldSetup } from './page-setup.js';
import { printPage } from './print-page.js';

export interface HtmlPdf {
  pdf: Uint8Array;
  /** URLs the document tried to load and was refused (everything but data: URLs). */
  blocked: string[];
}

/**
 * Prints self-contained HTML (assets already inlined) to a PDF of exactly `size`, with zero
 * margins and CSS @page sizes ignored (printPage).
 */
export async function htmlToPdf(
  pool: BrowserPool,
  html: string,
  size: PageSize,
  options: { maxPages?: number } = {},
): Promise<HtmlPdf> {
  return pool.withPage(
    async (pooled) => {
      await leaveHeldSetup(pooled);
      await pooled.page.setContent(html, { waitUntil: 'load' });
      const pdf = await printPage(pooled.cdp, size, options);
      return { pdf, blocked: [...pooled.blocked] };
    },
    undefined,
    // A tab set up for nothing else, so the sheets of mail pieces stay where they are.
    (pooled) => pooled.holds === undefined,
  );
}
