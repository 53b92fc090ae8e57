import { ADDRESS_LAYOUTS } from '../pdf/address-zones.js';
import { grown, type PreviewZones } from '../preview-zones.js';
import { renderPipeline } from '../render-pipeline.js';
import { type LetterSize, PAGE_SIZES } from '../sizes.js';
import type { LetterRenderInput } from './letter-job.js';
import { renderLetter } from './render-letter.js';

/** Letters (LETTER_STAGES), a plastic card beside the letter as the companion `card`. */
export const LETTER_PIPELINE = renderPipeline({
  kind: 'letter',
  render: async (input: LetterRenderInput, deps) => {
    const letter = await renderLetter(input, deps);
    const companions: Record<string, Uint8Array> = letter.card ? { card: letter.card.pdf } : {};
    return { pdf: letter.pdf, pageCount: letter.pageCount, warnings: letter.warnings, companions };
  },
  previewZones: (size) => letterZones(size === 'a4' ? 'a4' : 'us_letter'),
});

/** A letter's two window zones, on its first page. */
function letterZones(size: LetterSize): PreviewZones {
  const layout = ADDRESS_LAYOUTS[size];
  const page = PAGE_SIZES[size];
  return {
    page: 1,
    pageSize: { width: page.width, height: page.height },
    zones: [
      { name: 'return', label: 'Return address window', zone: grown(layout.returnZone, layout.clearance) },
      {
        name: 'recipient',
        label: 'Recipient address window',
        zone: grown(layout.recipientZone, layout.clearance),
      },
    ],
  };
}
