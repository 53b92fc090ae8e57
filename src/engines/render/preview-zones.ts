import type { MailpieceFormat } from './mailpiece/mailpiece-format.js';
import { POSTCARD_FORMATS } from './mailpiece/postcard-formats.js';
import { SELF_MAILER_FORMATS } from './mailpiece/self-mailer-formats.js';
import { SNAP_PACK_FORMATS } from './mailpiece/snap-pack-formats.js';
import { ADDRESS_LAYOUTS, type Zone } from './pdf/address-zones.js';
import { type LetterSize, PAGE_SIZES } from './sizes.js';

/** One area of the page Postroom prints on or keeps blank, named for a person looking at the PDF. */
export interface PreviewZone {
  /** A stable name, for styling: `address-area`, `return`, `recipient`, `postage`, `barcode`. */
  name: string;
  /** What it is, in words. */
  label: string;
  /** Points from the PDF page's top-left corner (a bleed page's, for pieces with bleed). */
  zone: Zone;
}

/** The zones of the one page an order's addresses go on, in that page's own coordinates. */
export interface PreviewZones {
  /** 1-based page number in the order's PDF. */
  page: number;
  /** The PDF page, in points, so a viewer can scale the zones to what it draws. */
  pageSize: { width: number; height: number };
  zones: PreviewZone[];
}

const MAILPIECE_FORMATS: Record<string, Readonly<Record<string, MailpieceFormat>>> = {
  postcard: POSTCARD_FORMATS,
  self_mailer: SELF_MAILER_FORMATS,
  snap_pack: SNAP_PACK_FORMATS,
};

const grown = (z: Zone, by: number): Zone => ({
  x: z.x - by,
  y: z.y - by,
  width: z.width + 2 * by,
  height: z.height + 2 * by,
});

/**
 * What Postroom covers on an order's address page, so a dashboard can draw it over the PDF:
 * a postcard's ink-free zone, the return and recipient blocks with their white bands, the
 * postage area and the barcode clear zone; a letter's two window zones. Null for a kind or
 * size with no such page (cheques and boxes are Postroom's own pages throughout).
 */
export function previewZones(kind: string, size: unknown): PreviewZones | null {
  if (kind === 'letter') return letterZones(size === 'a4' ? 'a4' : 'us_letter');
  const formats = MAILPIECE_FORMATS[kind];
  if (!formats) return null;
  const key = typeof size === 'string' && Object.hasOwn(formats, size) ? size : Object.keys(formats)[0];
  return mailpieceZones(formats[key]);
}

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
