import { suppliedFileName } from '../../../platform/supplied-file.js';
import type { LetterCreate } from './letter.schema.js';
import { contentSource } from './letter-content.js';

const OPTIONAL = ['perforatedPage', 'returnEnvelope'] as const;

/** A letter's own fields as stored and returned: the request's, with their defaults. */
export function letterFields(input: LetterCreate) {
  const source = contentSource(input);
  return {
    ...(source === 'html' ? { html: input.html } : {}),
    ...(source === 'template' ? { template: input.template!.trim() } : {}),
    addressPlacement: input.addressPlacement ?? 'top_first_page',
    color: input.color ?? false,
    doubleSided: input.doubleSided ?? false,
    envelope: input.envelope || 'standard',
    size: input.size ?? 'us_letter',
    paper: input.paper || 'standard',
    ...Object.fromEntries(OPTIONAL.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])),
    ...(input.plasticCard !== undefined ? { plasticCard: cardFields(input.plasticCard) } : {}),
    ...(input.attachedPDF
      ? {
          attachedPDF: { file: attachedName(input.attachedPDF.file), placement: input.attachedPDF.placement },
        }
      : {}),
  };
}

/**
 * A URL is kept as sent; an uploaded file is named by its filename, a data: URL by its name
 * parameter, base64 as `upload.pdf`: its bytes are in the blob store, never in the letter.
 */
const attachedName = (file: unknown): string => suppliedFileName(file, 'upload.pdf');

/** The plastic card as sent, with its PDF (if any) named as attachedPDF's file is. */
function cardFields(card: NonNullable<LetterCreate['plasticCard']>) {
  const side = <T extends { pdf?: unknown }>(s: T | undefined) =>
    s && s.pdf !== undefined ? { ...s, pdf: attachedName(s.pdf) } : s;
  return {
    ...card,
    ...(card.singleSided ? { singleSided: side(card.singleSided) } : {}),
    ...(card.doubleSided ? { doubleSided: side(card.doubleSided) } : {}),
  };
}
