import type { Zone } from '../pdf/address-zones.js';
import { grown, type PreviewZone, type PreviewZones } from '../preview-zones.js';
import { renderPipeline } from '../render-pipeline.js';
import type { MailpieceFormat, MailpieceKind } from './mailpiece-format.js';
import type { MailpieceRenderInput } from './mailpiece-job.js';
import { MAILPIECE_KINDS } from './mailpiece-kinds.js';
import { renderTwoSided } from './render-mailpiece.js';

/** One pipeline per two-sided kind (MAILPIECE_STAGES over the kind's formats). */
export const MAILPIECE_PIPELINES = (Object.keys(MAILPIECE_KINDS) as MailpieceKind[]).map((kind) =>
  renderPipeline({
    kind,
    render: async (input: MailpieceRenderInput, deps) => ({
      ...(await renderTwoSided(kind, input, deps)),
      companions: {},
    }),
    previewZones: (size) => {
      const formats = MAILPIECE_KINDS[kind];
      const key = typeof size === 'string' && Object.hasOwn(formats, size) ? size : Object.keys(formats)[0];
      return mailpieceZones(formats[key]);
    },
  }),
);

/**
 * A postcard's ink-free zone, the return and recipient blocks with their white bands, the
 * postage area and the barcode clear zone, on the address page with its bleed.
 */
function mailpieceZones(format: MailpieceFormat): PreviewZones {
  const { zones, layout, bleed } = format;
  const onPage = (z: Zone): Zone => ({ ...z, x: z.x + bleed, y: z.y + bleed });
  const list: PreviewZone[] = [];
  if (format.kind === 'postcard') {
    list.push({ name: 'address-area', label: 'Ink-free zone: painted white', zone: zones.addressArea });
  }
  list.push(
    { name: 'return', label: 'Return address', zone: grown(zones.returnAddress, layout.clearance) },
    { name: 'recipient', label: 'Recipient address', zone: grown(zones.recipient, layout.clearance) },
    { name: 'postage', label: 'Postage', zone: zones.postage },
    { name: 'barcode', label: 'Barcode clear zone', zone: zones.barcodeClear },
  );
  return {
    page: format.addressPage + 1,
    pageSize: { width: format.page.width, height: format.page.height },
    zones: list.map((z) => ({ ...z, zone: onPage(z.zone) })),
  };
}
