import { findMissingVariables, TemplateSyntaxError } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { TEMPLATE_HTML_MAX_CHARS } from './template.schema.js';

/**
 * Rejects HTML that Handlebars cannot parse (or that uses partials) with a 400 naming `field`,
 * so a broken template is reported when it is saved, not when a letter is rendered.
 */
export function checkTemplateHtml(html: string, field = 'html'): void {
  if (html.length > TEMPLATE_HTML_MAX_CHARS)
    throw invalid(field, `is ${html.length} characters; the limit is ${TEMPLATE_HTML_MAX_CHARS}.`);
  try {
    findMissingVariables(html, {});
  } catch (err) {
    if (err instanceof TemplateSyntaxError) throw invalid(field, `is not a valid template: ${err.message}.`);
    throw err;
  }
}
