import {
  loadCheckedPdf,
  loadMailpiecePdf,
  type MailpieceFormat,
  PAGE_SIZES,
  type PageSizeName,
} from '../../../engines/render/index.js';
import type { ProfileFields, ProfilePdf } from './profile-kind.js';

/** A PDF printed on letter-sized pages (a letter's content or attachment, a cheque's letter), as the kinds check it. */
export const letterPagesPdf = (field: string, link: string, name: string): ProfilePdf => ({
  field,
  link,
  name,
  check: (bytes, p) => {
    const size = p.size as PageSizeName;
    return loadCheckedPdf(bytes, { field, size: PAGE_SIZES[size], sizeName: size });
  },
});

/** A two-sided piece's two-page PDF, as twoSidedContent checks it. */
export const twoPagePdf = (formats: Readonly<Record<string, MailpieceFormat>>): ProfilePdf => ({
  field: 'pdf',
  link: 'uploadedPDF',
  name: 'content',
  check: (bytes, p: ProfileFields) => loadMailpiecePdf(bytes, 'pdf', formats[p.size]),
});
