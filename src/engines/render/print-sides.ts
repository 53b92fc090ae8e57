import type { PDFDocument } from 'pdf-lib';
import { blockedLoadWarning } from './assets/drop-network-references.js';
import { inlineAssets } from './assets/inline-assets.js';
import { printSidesBatched } from './browser/print-batcher.js';
import type { RenderDeps } from './letter/letter-job.js';
import type { PageSize } from './sizes.js';

/** One side of a piece as merged HTML; `field` names it in errors. */
export interface HtmlSide {
  field: string;
  html: string;
}

/**
 * Merged HTML sides → one PDF of one `size` page per side, in order, printed by Chromium in one
 * go, with other pieces' sides waiting beside them (print-batcher.ts; each side isolated in its
 * own frame, cut off at its page's edge). Each side's
 * assets are inlined on its own, one side after the other, so an asset error names the side's
 * field and the first side at fault is the one reported.
 */
export async function printSides(
  sides: readonly HtmlSide[],
  size: PageSize,
  deps: RenderDeps,
): Promise<{ doc: PDFDocument; warnings: string[] }> {
  const warnings = new Set<string>();
  const inlined: string[] = [];
  for (const side of sides) {
    const result = await inlineAssets(side.html, deps.fetchAsset, side.field);
    for (const warning of result.warnings) warnings.add(warning);
    inlined.push(result.html);
  }
  const printed = await printSidesBatched(deps.pool, inlined, size);
  for (const url of printed.blocked) warnings.add(blockedLoadWarning(url));
  return { doc: printed.doc, warnings: [...warnings] };
}
