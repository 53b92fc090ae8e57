import { blockedLoadWarning } from './assets/drop-network-references.js';
import { inlineAssets } from './assets/inline-assets.js';
import { htmlToPdf } from './browser/html-to-pdf.js';
import type { RenderDeps } from './letter/letter-job.js';
import type { PageSize } from './sizes.js';

export interface PrintedDocument {
  pdf: Uint8Array;
  warnings: string[];
}

/**
 * Merged HTML → PDF of `size` with assets inlined and the network off: the shared first half
 * of every HTML order kind (letters use the same two steps as stages; cards and cheques call
 * this for each side; postcards, self mailers and snap packs print their two sides at once
 * with printSides).
 */
export async function printDocument(
  html: string,
  size: PageSize,
  deps: RenderDeps,
  field = 'html',
  options: { maxPages?: number } = {},
) {
  const inlined = await inlineAssets(html, deps.fetchAsset, field);
  const printed = await htmlToPdf(deps.pool, inlined.html, size, options);
  const blocked = [...new Set(printed.blocked)].map(blockedLoadWarning);
  return { pdf: printed.pdf, warnings: [...inlined.warnings, ...blocked] } satisfies PrintedDocument;
}
