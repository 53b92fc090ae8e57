import Handlebars from 'handlebars';
import type { MergeContext } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';

/**
 * A tracker's redirectURLTemplate: an http(s) URL whose scheme and host are written out, with
 * {{merge variables}} allowed only after them. Since the target's origin comes from the
 * template alone and every merged value is percent-encoded, no order content or visitor can
 * turn a tracker's URL into a redirect to somewhere else (an open redirect).
 */
const LITERAL_ORIGIN = /^(https?:\/\/[^/?#{}\s\\]+)(?=[/?#]|$)/i;

const handlebars = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function compile(template: string): Handlebars.TemplateDelegate {
  let render = compiled.get(template);
  if (!render) {
    handlebars.parse(template); // throws on bad syntax, here rather than at the first visit
    render = handlebars.compile(template, { noEscape: true, strict: false });
    if (compiled.size >= 500) compiled.delete(compiled.keys().next().value as string);
    compiled.set(template, render);
  }
  return render;
}

/** A 400 naming `field` unless the template is one visits can be sent to. */
export function checkRedirectTemplate(template: string, field = 'redirectURLTemplate'): void {
  const origin = LITERAL_ORIGIN.exec(template)?.[1];
  if (!origin)
    throw invalid(
      field,
      'must be an http(s) URL that starts with its scheme and host written out (merge variables may follow them).',
    );
  try {
    compile(template);
  } catch (err) {
    throw invalid(field, `is not a valid template: ${(err as Error).message.split('\n')[0]}`);
  }
  try {
    new URL(template.replace(/\{\{[^}]*\}\}/g, 'x'));
  } catch {
    throw invalid(field, 'is not a valid URL.');
  }
}

/** Every string and number in the context, percent-encoded for a URL. */
function encoded(value: unknown): unknown {
  if (typeof value === 'string') return encodeURIComponent(value);
  if (typeof value === 'number' || typeof value === 'boolean') return encodeURIComponent(String(value));
  if (Array.isArray(value)) return value.map(encoded);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encoded(v)]));
  return value;
}

/** Where a visit goes: the template merged over the order's context, or null if that fails. */
export function redirectTarget(template: string, context: MergeContext): string | null {
  const origin = LITERAL_ORIGIN.exec(template)?.[1];
  if (!origin) return null;
  let url: string;
  try {
    url = compile(template)(encoded(context));
  } catch {
    return null;
  }
  // Belt and braces: the merged URL must still be on the template's own origin.
  return url.toLowerCase().startsWith(origin.toLowerCase()) ? url : null;
}
