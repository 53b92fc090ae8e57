import { TemplateSyntaxError } from '../errors.js';
import type { MergeContext } from './merge-context.js';
import { firstLine, templateFor } from './template-cache.js';

/**
 * Renders `{{...}}` in `html` over `context` (see buildMergeContext). Values are HTML-escaped;
 * `{{{triple}}}` inserts raw HTML as in Handlebars. Call findMissingVariables first: this
 * function prints absent values as nothing rather than failing.
 */
export function mergeHtml(html: string, context: MergeContext): string {
  const template = templateFor(html);
  try {
    return template.render(context);
  } catch (err) {
    throw new TemplateSyntaxError(`the template cannot be rendered: ${firstLine(err)}`);
  }
}
