import { renderCard } from '../card/render-card.js';
import { ADDRESS_LAYOUTS } from '../pdf/address-zones.js';
import { runStages } from '../run-stages.js';
import { PAGE_SIZES } from '../sizes.js';
import type {
  LetterJob,
  LetterRenderInput,
  LetterRenderResult,
  LetterStage,
  RenderDeps,
} from './letter-job.js';
import { attachPdf } from './stages/attach-pdf.js';
import { checkLetterPages } from './stages/check-letter-pages.js';
import { checkSuppliedPdfs } from './stages/check-supplied-pdfs.js';
import { inlineExternalAssets } from './stages/inline-external-assets.js';
import { padForDuplex } from './stages/pad-for-duplex.js';
import { placeAddresses } from './stages/place-addresses.js';
import { printHtml } from './stages/print-html.js';

/** The whole letter pipeline, in order. Each stage reads and extends the LetterJob. */
export const LETTER_STAGES: readonly LetterStage[] = [
  checkSuppliedPdfs, // uploaded and attached PDFs: parse, not encrypted, letter-sized, page limit
  inlineExternalAssets, // HTML: fetch images/stylesheets/fonts through safe-fetch, inline as data: URLs
  printHtml, // HTML → PDF in a pooled Chromium tab (JavaScript and network off)
  attachPdf, // attachedPDF before or after the content
  placeAddresses, // top_first_page: stamp page 1; insert_blank_page: add an address page in front
  padForDuplex, // double-sided: the address page's back stays blank; whole sheets only
  checkLetterPages, // the finished letter is within the page limit
];

/**
 * Renders one letter to a print-ready PDF, and its plastic card (if any) to a PDF of its own
 * (renderCard, after the letter: its stage is `renderPlasticCard`). Throws RenderInputError
 * (PdfCheckError) for bad content — the API answers 400 naming `error.field`, the job cancels
 * with `invalid_content` — and RenderUnavailableError when trying again later may work.
 */
export async function renderLetter(input: LetterRenderInput, deps: RenderDeps): Promise<LetterRenderResult> {
  const job: LetterJob = {
    input,
    size: PAGE_SIZES[input.size],
    layout: ADDRESS_LAYOUTS[input.size],
    warnings: new Set(),
    contentField: input.content.field ?? input.content.kind,
  };
  await runStages(job, LETTER_STAGES, deps);
  const card = input.plasticCard
    ? await timed('renderPlasticCard', deps, () => renderCard(input.plasticCard!, deps))
    : null;
  const doc = job.doc!;
  const pageCount = doc.getPageCount();
  return {
    pdf: await doc.save(),
    pageCount,
    sheetCount: input.doubleSided ? Math.ceil(pageCount / 2) : pageCount,
    warnings: [...job.warnings, ...(card?.warnings ?? [])],
    perforatedPage: input.perforatedPage ?? null,
    color: input.color,
    doubleSided: input.doubleSided,
    card,
  };
}

async function timed<T>(stage: string, deps: RenderDeps, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  deps.observe?.(stage, performance.now() - started);
  return result;
}
