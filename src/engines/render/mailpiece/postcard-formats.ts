import { PAGE_SIZES, type PageSizeName } from '../sizes.js';
import { type MailpieceFormat, mailpieceFormat } from './mailpiece-format.js';

const postcard = (size: string, trim: PageSizeName, page: PageSizeName) =>
  mailpieceFormat({
    kind: 'postcard',
    size,
    trim: PAGE_SIZES[trim],
    page: PAGE_SIZES[page],
    pageNames: ['front', 'back'],
    // The whole back is the mailing face.
    panels: 1,
    addressPanel: 0,
  });

/** Postcards by the API's size name: width × height in inches, landscape. */
export const POSTCARD_FORMATS: Readonly<Record<string, MailpieceFormat>> = Object.freeze({
  '6x4': postcard('6x4', 'postcard_6x4', 'postcard_6x4_bleed'),
  '9x6': postcard('9x6', 'postcard_9x6', 'postcard_9x6_bleed'),
  '11x6': postcard('11x6', 'postcard_11x6', 'postcard_11x6_bleed'),
});
