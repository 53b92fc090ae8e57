import type { Contact } from '../contacts/contact.schema.js';
import type { MailingClass } from '../orders/mailing-class.js';
import type { LetterCreate } from './letter.schema.js';

const OPTIONAL = [
  'mergeVariables',
  'metadata',
  'description',
  'perforatedPage',
  'paper',
  'plasticCard',
  'returnEnvelope',
] as const;

export interface LetterFacts {
  id: string;
  live: boolean;
  to: Contact;
  from: Contact;
  source: 'html' | 'template' | 'pdf';
  mailingClass: MailingClass;
  size: 'us_letter' | 'a4';
  sendDate: Date;
  now: Date;
}

/** The letter as stored and returned: the request's fields with defaults, plus what create decided. */
export function letterDoc(input: LetterCreate, f: LetterFacts) {
  const stamp = f.now.toISOString();
  return {
    id: f.id,
    object: 'letter' as const,
    live: f.live,
    status: 'ready' as const,
    to: f.to,
    from: f.from,
    ...(f.source === 'html' ? { html: input.html } : {}),
    ...(f.source === 'template' ? { template: input.template!.trim() } : {}),
    addressPlacement: input.addressPlacement ?? 'top_first_page',
    color: input.color ?? false,
    doubleSided: input.doubleSided ?? false,
    envelope: input.envelope || 'standard',
    mailingClass: f.mailingClass,
    size: f.size,
    sendDate: f.sendDate.toISOString(),
    ...Object.fromEntries(
      OPTIONAL.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
    ),
    ...(input.attachedPDF
      ? {
          attachedPDF: { file: attachedName(input.attachedPDF.file), placement: input.attachedPDF.placement },
        }
      : {}),
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** A URL is kept as sent; an uploaded file is named by its filename (its bytes are in the blob store). */
function attachedName(file: unknown): string {
  if (typeof file === 'string') return file.trim();
  return (file as { filename?: string }).filename || 'upload.pdf';
}
