import {
  mergeHtml,
  type OrderRenderer,
  RenderInputError,
  RenderUnavailableError,
  TemplateSyntaxError,
} from '../../../../engines/render/index.js';
import { apiError, invalid } from '../../../../platform/errors.js';
import { checkTemplateHtml } from '../../templates/template-syntax.js';
import { SAMPLE_FROM, SAMPLE_TO, sampleMergeContext } from './editor-sample-values.js';

export const PREVIEW_SIZES = ['us_letter', 'a4'] as const;
export type PreviewSize = (typeof PREVIEW_SIZES)[number];

/**
 * The edited HTML as a letter would print it: merged over sample values and rendered by the
 * engine every order uses (scripts and network off, the address block stamped on page one),
 * so what the editor shows is what a letter made from the template will look like.
 */
export async function renderPreview(
  renderer: OrderRenderer,
  html: string,
  opts: { size: PreviewSize; publicUrl: string },
): Promise<Uint8Array> {
  checkTemplateHtml(html);
  try {
    const merged = mergeHtml(html, sampleMergeContext(html, opts.publicUrl));
    const result = await renderer.render({
      kind: 'letter',
      input: {
        size: opts.size,
        content: { kind: 'html', html: merged },
        to: SAMPLE_TO,
        from: SAMPLE_FROM,
        addressPlacement: 'top_first_page',
        doubleSided: false,
        color: true,
      },
    });
    return result.pdf;
  } catch (err) {
    if (err instanceof TemplateSyntaxError) throw invalid('html', `is not a valid template: ${err.message}.`);
    if (err instanceof RenderInputError) throw invalid('html', `cannot be rendered: ${err.message}`);
    if (err instanceof RenderUnavailableError)
      throw apiError(
        'service_unavailable_error',
        `The preview could not be rendered just now: ${err.message}`,
      );
    throw err;
  }
}
