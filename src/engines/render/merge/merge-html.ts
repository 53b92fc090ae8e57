import { RenderInputError, TemplateSyntaxError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { withMergeBudget } from './merge-budget.js';
import type { MergeContext } from './merge-context.js';
import { firstLine, templateFor } from './template-cache.js';

/**
 * Renders `{{...}}` in `html` over `context` (see buildMergeContext). Values are HTML-escaped;
 * `{{{triple}}}` inserts raw HTML as in Handlebars. Call findMissingVariables first: this
 * function prints absent values as nothing rather than failing. What a merge may make is
 * bounded as it is made (merge-budget.ts): past LIMITS.maxHtmlChars it stops with a
 * RenderInputError naming `field`.
 */
export function mergeHtml(html: string, context: MergeContext, field = 'html'): string {
  const template = templateFor(html);
  const budget = {
    limit: LIMITS.maxHtmlChars,
    field,
    templateChars: html.length,
    printedValues: template.printedValues,
    context,
  };
  return withMergeBudget(budget, () => {
    try {
      return template.render(context);
    } catch (err) {
      if (err instanceof RenderInputError) throw err;
      throw new TemplateSyntaxError(`the template cannot be rendered: ${firstLine(err)}`);
    }
  });
}
