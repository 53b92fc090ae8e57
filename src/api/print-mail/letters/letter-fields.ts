import type { LetterCreate } from './letter.schema.js';
import { contentSource } from './letter-content.js';

const OPTIONAL = ['perforatedPage', 'plasticCard', 'returnEnvelope'] as const;

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
    ...(input.attachedPDF
      ? {
          attachedPDF: { file: attachedName(input.attachedPDF.file), placement: input.attachedPDF.placement },
        }
      : {}),
  };
}

/** A URL is kept as sent; an uploaded file is named by its filename (its bytes are in the blob store). */
function attachedName(file: unknown): string {
  if (typeof file === 'string') return file.trim();
  return (file as { filename?: string }).filename || 'upload.pdf';
}
