import { PAGE_SIZES } from '../sizes.js';
import { type MailpieceFormat, mailpieceFormat } from './mailpiece-format.js';

/**
 * Snap packs (pressure-sealed mailers) by the API's size name. `8.5x11_bifold_v`: an 8.5 × 11
 * in sheet printed on both sides and V-folded once across the middle, like a bifold self mailer
 * whose halves the pressure sealer bonds together: the mailing face is the top half of the
 * outside, so the fold is its bottom edge.
 */
export const SNAP_PACK_FORMATS: Readonly<Record<string, MailpieceFormat>> = Object.freeze({
  '8.5x11_bifold_v': mailpieceFormat({
    kind: 'snap_pack',
    size: '8.5x11_bifold_v',
    trim: PAGE_SIZES.us_letter,
    page: PAGE_SIZES.self_mailer_8_5x11_bleed,
    pageNames: ['inside', 'outside'],
    panels: 2,
    addressPanel: 0,
  }),
});
