import { readFile } from 'node:fs/promises';
import type { LetterRenderInput } from './letter/letter-job.js';
import type { MailpieceFormat, MailpieceKind } from './mailpiece/mailpiece-format.js';
import type { MailpieceRenderInput } from './mailpiece/mailpiece-job.js';
import { MAILPIECE_KINDS } from './mailpiece/mailpiece-kinds.js';
import { buildMergeContext, type MergeContact } from './merge/merge-context.js';
import { mergeHtml } from './merge/merge-html.js';
import { findMissingVariables } from './merge/missing-variables.js';
import type { AddressContact } from './pdf/address-lines.js';
import type { RenderJob } from './render-job.js';

/** A contact from a JSON file: printed on the piece and reachable as `{{to.x}}`. */
type CliContact = AddressContact & MergeContact;

/** What render-cli.ts read from its arguments, before any file but the JSON ones is read. */
export interface CliOptions {
  /** The letter's content, a piece's two sides, or a piece's one two-page PDF. */
  contentFiles: string[];
  vars?: Record<string, unknown>;
  to?: CliContact;
  /** Undefined: the default sender; null: no sender (`--no-from`). */
  from?: CliContact | null;
  size?: string;
  placement: string;
  doubleSided: boolean;
  attach?: string;
  before: boolean;
  cards: string[];
}

const DEFAULT_TO: CliContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '12 Analytical Way',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62701',
  countryCode: 'US',
};
const DEFAULT_FROM: CliContact = {
  companyName: 'Postroom',
  addressLine1: '1 Sender Rd',
  city: 'Austin',
  provinceOrState: 'TX',
  postalOrZip: '73301',
  countryCode: 'US',
};
/**
 * The kinds the CLI renders from HTML or PDF files: letters and the two-sided kinds (the other
 * pipelines' inputs are not files: their tests render them).
 */
export type CliKind = 'letter' | MailpieceKind;
export const CLI_KINDS: readonly CliKind[] = ['letter', ...(Object.keys(MAILPIECE_KINDS) as MailpieceKind[])];

/**
 * Reads the content files and merges every HTML one as the services do (printing the
 * variables each lacks), into the RenderJob the render job would hand the engine; `describe`
 * is a line about a piece's format, when the size is one.
 */
export async function buildCliJob(
  kind: CliKind,
  options: CliOptions,
): Promise<{ job: RenderJob; describe?: string }> {
  const to = options.to ?? DEFAULT_TO;
  const from = options.from === undefined ? DEFAULT_FROM : options.from;
  const context = buildMergeContext(options.vars, to, from);
  const merged = async (file: string) => {
    const html = await readFile(file, 'utf8');
    const missing = findMissingVariables(html, context);
    console.log(`merge (${file}): missing variables: ${missing.length ? missing.join(', ') : 'none'}`);
    return mergeHtml(html, context);
  };
  const [first, second] = options.contentFiles;
  if (kind === 'letter') {
    const content: LetterRenderInput['content'] = first.endsWith('.pdf')
      ? { kind: 'pdf', bytes: await readFile(first) }
      : { kind: 'html', html: await merged(first) };
    const cardSides = [];
    for (const file of options.cards) cardSides.push({ field: `card ${file}`, html: await merged(file) });
    const attached = options.attach ? await readFile(options.attach) : undefined;
    const input: LetterRenderInput = {
      size: (options.size ?? 'us_letter') as LetterRenderInput['size'],
      content,
      to,
      from,
      addressPlacement: options.placement as LetterRenderInput['addressPlacement'],
      doubleSided: options.doubleSided,
      color: true,
      attachedPDF: attached
        ? { bytes: attached, placement: options.before ? 'before_template' : 'after_template' }
        : null,
      plasticCard: cardSides.length ? { kind: 'html', sides: cardSides } : null,
    };
    return { job: { kind, input } };
  }
  // Without `--size`, the kind's first size is rendered.
  const formats = MAILPIECE_KINDS[kind];
  const size = options.size ?? Object.keys(formats)[0];
  // An unknown size is left to the pipeline, which refuses it as the API would.
  const format = Object.hasOwn(formats, size) ? formats[size] : undefined;
  // The API's field names (frontHTML, insideHTML, ...), so errors name what a request would.
  const [page1, page2] = format?.pageNames ?? ['page1', 'page2'];
  const content: MailpieceRenderInput['content'] = first.endsWith('.pdf')
    ? { kind: 'pdf', bytes: await readFile(first), field: 'pdf' }
    : {
        kind: 'html',
        sides: [
          { field: `${page1}HTML`, html: await merged(first) },
          { field: `${page2}HTML`, html: await merged(second) },
        ],
      };
  const job = { kind, input: { size, content, to, from } } as RenderJob;
  return { job, describe: format && describeFormat(format) };
}

function describeFormat(format: MailpieceFormat): string {
  const inches = (pt: number) => Math.round((pt / 72) * 1000) / 1000;
  const page = `${inches(format.page.width)} × ${inches(format.page.height)} in`;
  return `format: ${format.size}, pages ${format.pageNames.join(' and ')} of ${page} (with bleed); ${format.finishing.instructions}`;
}
