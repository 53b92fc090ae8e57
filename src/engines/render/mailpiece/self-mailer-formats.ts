import { PAGE_SIZES, type PageSizeName } from '../sizes.js';
import { type MailpieceFormat, mailpieceFormat } from './mailpiece-format.js';

const selfMailer = (size: string, trim: PageSizeName, page: PageSizeName, panels: 2 | 3) =>
  mailpieceFormat({
    kind: 'self_mailer',
    size,
    trim: PAGE_SIZES[trim],
    page: PAGE_SIZES[page],
    pageNames: ['inside', 'outside'],
    panels,
    // Bifold: the top half of the outside, so the fold is the mailing face's bottom edge.
    // Trifold: the middle third of the outside, between the two folds.
    addressPanel: panels === 2 ? 0 : 1,
  });

/**
 * Self mailers by the API's size name: a flat portrait sheet (width × height in inches)
 * printed on both sides, its panels stacked top to bottom and folded along horizontal lines.
 * The mailed piece is the sheet's width by one panel's height, read with the long side
 * horizontal.
 */
export const SELF_MAILER_FORMATS: Readonly<Record<string, MailpieceFormat>> = Object.freeze({
  '8.5x11_bifold': selfMailer('8.5x11_bifold', 'us_letter', 'self_mailer_8_5x11_bleed', 2),
  '8.5x11_trifold': selfMailer('8.5x11_trifold', 'us_letter', 'self_mailer_8_5x11_bleed', 3),
  '9.5x16_trifold': selfMailer('9.5x16_trifold', 'self_mailer_9_5x16', 'self_mailer_9_5x16_bleed', 3),
});
