import { inlineAssets } from '../../assets/inline-assets.js';
import { RenderInputError } from '../../errors.js';
import { LIMITS } from '../../limits.js';
import type { LetterStage } from '../letter-job.js';

/** Makes the HTML self-contained so the browser can print it with its network off. */
export const inlineExternalAssets: LetterStage = async (job, deps) => {
  if (job.input.content.kind !== 'html') return;
  const { html } = job.input.content;
  if (html.length > LIMITS.maxHtmlChars) {
    const limit = LIMITS.maxHtmlChars / 1024 / 1024;
    throw new RenderInputError(
      job.contentField,
      `${job.contentField}: the HTML is over ${limit} MB`,
      'too_large',
    );
  }
  const inlined = await inlineAssets(html, deps.fetchAsset, job.contentField);
  job.html = inlined.html;
  for (const warning of inlined.warnings) job.warnings.add(warning);
};
