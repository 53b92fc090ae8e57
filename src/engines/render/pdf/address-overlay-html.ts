import type { PageSize } from '../sizes.js';
import type { Zone } from './address-zones.js';

export interface AddressBlock {
  zone: Zone;
  lines: string[];
}

/** Text sits this far inside its zone, as in the pdf-lib path. */
const INSET_PT = 4;

/**
 * A transparent page carrying only the address text, for addresses the standard PDF font
 * cannot write (Cyrillic, Greek, ...): Chromium prints it with the system's fonts and the
 * result is laid over the letter's page. Sizes are chosen from the line count, since page
 * JavaScript is off and text cannot be measured; a line too wide ends in an ellipsis.
 */
export function addressOverlayHtml(blocks: AddressBlock[], size: PageSize, maxFontPt: number): string {
  const divs = blocks.map(({ zone, lines }) => {
    const room = zone.height - 2 * INSET_PT;
    const fontPt = Math.min(maxFontPt, room / (Math.max(lines.length, 1) * 1.15));
    const style = [
      `left:${zone.x + INSET_PT}pt`,
      `top:${zone.y + INSET_PT}pt`,
      `width:${zone.width - 2 * INSET_PT}pt`,
      `font-size:${fontPt.toFixed(2)}pt`,
    ].join(';');
    return `<div class="a" style="${style}">${lines.map((l) => `<div>${escapeHtml(l)}</div>`).join('')}</div>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;background:transparent;width:${size.width}pt;height:${size.height}pt}
.a{position:absolute;font-family:'DejaVu Sans','Liberation Sans',sans-serif;line-height:1.15;color:#000}
.a div{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
</style></head><body>${divs.join('')}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
