import { EXAMPLE_RECIPIENT, EXAMPLE_SENDER, examplePage } from '../orders/order-examples.js';
import { defineOrderKind } from '../orders/order-kind.js';
import { LETTER_PROFILE } from './letter.profile.js';
import { Letter, LetterCreate } from './letter.schema.js';
import { contentSource, type LetterContent, letterContent } from './letter-content.js';
import { letterFields } from './letter-fields.js';
import { LETTER_PRINT } from './letter-print.js';
import { letterRenderJob } from './letter-render.js';
import { releaseReturnEnvelope, returnEnvelopeClaims } from './letter-return-envelope.js';

/** Letters: one sheet or many, folded into an envelope; html, a template or a PDF. */
export const letterKind = defineOrderKind<LetterCreate, LetterContent>({
  name: 'letter',
  paths: ['/letters'],
  tag: 'Letters',
  schemas: { create: LetterCreate, stored: Letter },
  fromRequired: true,
  check: contentSource,
  content: letterContent,
  // pdfWorkflowRun is present on every letter, as the hosted service has it; no letter is made by a PDF workflow here.
  fields: (input) => ({ ...letterFields(input), pdfWorkflowRun: null }),
  unsearchable: ['html'],
  renderJob: letterRenderJob,
  print: LETTER_PRINT,
  claims: returnEnvelopeClaims,
  release: releaseReturnEnvelope,
  profile: LETTER_PROFILE,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    html: examplePage('Hello {{to.firstName}}, your code is {{code}}.'),
    mergeVariables: { code: 'SPRING-24' },
    addressPlacement: 'insert_blank_page',
  },
});
