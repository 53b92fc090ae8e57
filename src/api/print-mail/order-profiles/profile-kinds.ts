import {
  LIMITS,
  loadCheckedPdf,
  loadMailpiecePdf,
  type MailpieceFormat,
  PAGE_SIZES,
  type PageSizeName,
  POSTCARD_FORMATS,
  SELF_MAILER_FORMATS,
} from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX, isId } from '../../../platform/ids.js';
import { chequeKind } from '../cheques/cheque.kind.js';
import { letterKind } from '../letters/letter.kind.js';
import type { OrderKind } from '../orders/order-kind.js';
import { postcardKind } from '../postcards/postcard.kind.js';
import { selfMailerKind } from '../self-mailers/self-mailer.kind.js';
import type { ProfileFields, ProfileKind, ProfilePdf } from './profile-kind.js';
import { checkBankAccount, checkLogo, checkReturnEnvelopeExists } from './profile-refs.js';

/** A PDF printed on letter-sized pages (a letter's content or attachment, a cheque's letter), as the kinds check it. */
const letterPagesPdf = (field: string, link: string, name: string): ProfilePdf => ({
  field,
  link,
  name,
  check: (bytes, p) => {
    const size = p.size as PageSizeName;
    return loadCheckedPdf(bytes, { field, size: PAGE_SIZES[size], sizeName: size });
  },
});

/** A two-sided piece's two-page PDF, as twoSidedContent checks it. */
const twoPagePdf = (formats: Readonly<Record<string, MailpieceFormat>>): ProfilePdf => ({
  field: 'pdf',
  link: 'uploadedPDF',
  name: 'content',
  check: (bytes, p: ProfileFields) => loadMailpiecePdf(bytes, 'pdf', formats[p.size]),
});

const twoSided = (
  kind: OrderKind,
  object: string,
  plural: string,
  sides: readonly [string, string],
  formats: Readonly<Record<string, MailpieceFormat>>,
): ProfileKind => ({
  kind,
  object,
  table: `${object}s`,
  path: `/order_profiles/${plural}`,
  fields: ['size', 'pdf', ...sides.flatMap((s) => [`${s}Template`, `${s}HTML`])],
  required: ['size'],
  templates: sides.map((s) => `${s}Template`),
  html: sides.map((s) => `${s}HTML`),
  pdfs: [twoPagePdf(formats)],
});

const letterProfile: ProfileKind = {
  kind: letterKind,
  object: ID_PREFIX.letterProfile,
  table: 'letter_profiles',
  path: '/order_profiles/letters',
  fields: [
    ...['size', 'template', 'html', 'pdf', 'attachedPDF', 'addressPlacement', 'color', 'doubleSided'],
    ...['envelope', 'perforatedPage', 'returnEnvelope'],
  ],
  required: ['size'],
  templates: ['template'],
  html: ['html'],
  pdfs: [
    letterPagesPdf('pdf', 'uploadedPDF', 'content'),
    letterPagesPdf('attachedPDF.file', 'attachedPDF.file', 'attached'),
  ],
  checkRefs: (p, ctx) => checkReturnEnvelopeExists(p.returnEnvelope, ctx),
  // As letterContent: a PDF letter and its attachment together fit in one letter.
  checkPages: (pages) => {
    if (pages.pdf !== undefined && pages.pdf + (pages['attachedPDF.file'] ?? 0) > LIMITS.maxLetterPages)
      throw invalid('pdf', `and attachedPDF together exceed ${LIMITS.maxLetterPages} pages.`);
  },
};

const chequeProfile: ProfileKind = {
  kind: chequeKind,
  object: ID_PREFIX.chequeProfile,
  table: 'cheque_profiles',
  path: '/order_profiles/cheques',
  fields: [
    ...['bankAccount', 'size', 'currencyCode', 'memo', 'message', 'logo'],
    ...['letterTemplate', 'letterHTML', 'letterPDF'],
  ],
  required: ['bankAccount', 'size'],
  templates: ['letterTemplate'],
  html: ['letterHTML'],
  pdfs: [letterPagesPdf('letterPDF', 'letterUploadedPDF', 'letter')],
  renamed: { logo: 'logoURL' },
  checkRefs: async (p, ctx, given) => {
    await checkBankAccount(p.bankAccount, ctx);
    if (given.has('logo')) await checkLogo(p.logo, ctx);
  },
};

/** The order profiles served, one per kind of order they make (the hosted service has these four). */
export const PROFILE_KINDS: readonly ProfileKind[] = Object.freeze([
  letterProfile,
  twoSided(postcardKind, ID_PREFIX.postcardProfile, 'postcards', ['front', 'back'], POSTCARD_FORMATS),
  twoSided(
    selfMailerKind,
    ID_PREFIX.selfMailerProfile,
    'self_mailers',
    ['inside', 'outside'],
    SELF_MAILER_FORMATS,
  ),
  chequeProfile,
]);

/** The profile kind that makes orders of `kind`, or undefined (snap packs and boxes have no profiles). */
export const profileKindFor = (kind: OrderKind): ProfileKind | undefined =>
  PROFILE_KINDS.find((p) => p.kind.name === kind.name);

/** The profile kind an id belongs to, by its prefix (`postcard_profile_...`). */
export const profileKindOfId = (id: string): ProfileKind | undefined =>
  PROFILE_KINDS.find((p) => isId(p.object, id));
