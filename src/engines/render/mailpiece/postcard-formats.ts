import { inch, PAGE_SIZES, type PageSizeName } from '../sizes.js';
import { type MailpieceFormat, mailpieceFormat } from './mailpiece-format.js';

/**
 * The ink-free zone's width, from the right edge of the back: the right half, as USPS divides
 * a card's address side (message left, address and postage right), but at least 3.5 in, which
 * holds the recipient block inside the OCR read area's 1/2 in side margin, and at most the
 * barcode clear zone's 4.75 in. 6x4: 3.5 in; 9x6: 4.5 in; 11x6: 4.75 in.
 */
export const postcardAddressAreaWidth = (trimWidth: number) =>
  Math.min(inch(4.75), Math.max(inch(3.5), trimWidth / 2));

const postcard = (size: string, trim: PageSizeName, page: PageSizeName) =>
  mailpieceFormat({
    kind: 'postcard',
    size,
    trim: PAGE_SIZES[trim],
    page: PAGE_SIZES[page],
    pageNames: ['front', 'back'],
    // The whole back is the mailing face; its right part is Postroom's, the rest the customer's.
    panels: 1,
    addressPanel: 0,
    addressAreaWidth: postcardAddressAreaWidth(PAGE_SIZES[trim].width),
  });

/** Postcards by the API's size name: width × height in inches, landscape. */
export const POSTCARD_FORMATS: Readonly<Record<string, MailpieceFormat>> = Object.freeze({
  '6x4': postcard('6x4', 'postcard_6x4', 'postcard_6x4_bleed'),
  '9x6': postcard('9x6', 'postcard_9x6', 'postcard_9x6_bleed'),
  '11x6': postcard('11x6', 'postcard_11x6', 'postcard_11x6_bleed'),
});
