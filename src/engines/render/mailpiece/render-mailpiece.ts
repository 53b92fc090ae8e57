import { RenderInputError } from '../errors.js';
import type { RenderDeps } from '../letter/letter-job.js';
import { runStages } from '../run-stages.js';
import type { MailpieceFormat, MailpieceKind } from './mailpiece-format.js';
import type {
  MailpieceJob,
  MailpieceRenderInput,
  MailpieceRenderResult,
  MailpieceStage,
} from './mailpiece-job.js';
import { MAILPIECE_KINDS } from './mailpiece-kinds.js';
import { checkMailpiecePages } from './stages/check-mailpiece-pages.js';
import { checkSuppliedPdf } from './stages/check-supplied-pdf.js';
import { placeOnBleedPages } from './stages/place-on-bleed-pages.js';
import { printHtmlSides } from './stages/print-html-sides.js';
import { setPageBoxes } from './stages/set-page-boxes.js';
import { stampAddressPanel } from './stages/stamp-address-panel.js';

/** A two-sided piece, in order. Each stage reads and extends the MailpieceJob. */
const MAILPIECE_STAGES: readonly MailpieceStage[] = [
  checkSuppliedPdf, // uploaded PDF: parses, not encrypted, 2 pages, each of bleed or trim size
  printHtmlSides, // HTML: each side inlined, both printed by Chromium at once, a bleed-size page each
  placeOnBleedPages, // a supplied side centred on an exact bleed-size page; printed ones kept
  stampAddressPanel, // page 2: clear zones painted white, addresses drawn in the address panel
  setPageBoxes, // MediaBox/BleedBox = page, TrimBox = cut, ArtBox = safe area
  checkMailpiecePages, // exactly two pages
];

// Postcards, self mailers and snap packs differ only in their formats' data (the panel, the
// folds, the finishing); placing the sides and stamping the address panel is the same work,
// so all run one list. They keep their own names so any can gain a stage without touching
// the others.
export const POSTCARD_STAGES: readonly MailpieceStage[] = MAILPIECE_STAGES;
export const SELF_MAILER_STAGES: readonly MailpieceStage[] = MAILPIECE_STAGES;
export const SNAP_PACK_STAGES: readonly MailpieceStage[] = MAILPIECE_STAGES;

/**
 * Renders a postcard (`6x4`, `9x6`, `11x6`) to a print-ready two-page PDF, front then back,
 * the address on the back. Throws RenderInputError (PdfCheckError) for bad content or an
 * unknown size, RenderUnavailableError when trying again later may work.
 */
export async function renderPostcard(
  input: MailpieceRenderInput,
  deps: RenderDeps,
): Promise<MailpieceRenderResult> {
  return renderTwoSided('postcard', input, deps);
}

/**
 * Renders a self mailer (`8.5x11_bifold`, `8.5x11_trifold`, `9.5x16_trifold`) to a print-ready
 * two-page PDF of the flat sheet, inside then outside, the address on the outside's address
 * panel. Errors as renderPostcard.
 */
export async function renderSelfMailer(
  input: MailpieceRenderInput,
  deps: RenderDeps,
): Promise<MailpieceRenderResult> {
  return renderTwoSided('self_mailer', input, deps);
}

/**
 * Renders a snap pack (`8.5x11_bifold_v`) to a print-ready two-page PDF of the flat sheet,
 * inside then outside, the address on the outside's top half. Errors as renderPostcard.
 */
export async function renderSnapPack(
  input: MailpieceRenderInput,
  deps: RenderDeps,
): Promise<MailpieceRenderResult> {
  return renderTwoSided('snap_pack', input, deps);
}

/** Renders a piece of a two-sided kind at its size (MAILPIECE_KINDS). Errors as renderPostcard. */
export async function renderTwoSided(
  kind: MailpieceKind,
  input: MailpieceRenderInput,
  deps: RenderDeps,
): Promise<MailpieceRenderResult> {
  const format = formatFor(MAILPIECE_KINDS[kind], input.size, kind.replace('_', ' '));
  return renderMailpiece(input, format, MAILPIECE_STAGES, deps);
}

/** Runs the stages on one piece, reporting each stage's duration to `deps.observe`. */
export async function renderMailpiece(
  input: MailpieceRenderInput,
  format: MailpieceFormat,
  stages: readonly MailpieceStage[],
  deps: RenderDeps,
): Promise<MailpieceRenderResult> {
  const job: MailpieceJob = { input, format, warnings: new Set() };
  await runStages(job, stages, deps);
  const doc = job.doc!;
  return { pdf: await doc.save(), pageCount: doc.getPageCount(), warnings: [...job.warnings] };
}

function formatFor(table: Readonly<Record<string, MailpieceFormat>>, size: string, kind: string) {
  // Own keys only: `constructor` or `toString` is not a size.
  if (Object.hasOwn(table, size)) return table[size];
  const sizes = Object.keys(table).join(', ');
  throw new RenderInputError('size', `size: "${size}" is not a ${kind} size (${sizes})`, 'unknown_size');
}
