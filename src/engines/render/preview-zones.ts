import type { Zone } from './pdf/address-zones.js';

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

/** A zone with a band of `by` points around it: the white band an address block is drawn on. */
export const grown = (z: Zone, by: number): Zone => ({
  x: z.x - by,
  y: z.y - by,
  width: z.width + 2 * by,
  height: z.height + 2 * by,
});
