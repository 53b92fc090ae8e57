import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { findMissingVariables, type MergeContext } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import type { Template } from '../templates/template.schema.js';
import { getTemplateDoc } from '../templates/templates.repo.js';
import { isTrackerVariable } from '../trackers/tracker-refs.js';

/** The HTML of a template an order names in `field`; a 400 naming the field when it cannot be used. */
export async function templateHtml(db: Queryable, scope: Scope, id: string, field: string): Promise<string> {
  if (!isId('template', id)) throw invalid(field, 'must be a template id (template_...).');
  const text = await getTemplateDoc(db, scope, id);
  if (!text) throw invalid(field, `refers to template ${id}, which does not exist.`);
  const template: Template = JSON.parse(text);
  if (!template.html) throw invalid(field, `${id} has no html.`);
  return template.html;
}

/**
 * Every merge variable the HTML uses must be supplied: a 400 naming them and where they are
 * used. Trackers (`{{tracker_...}}`) are the server's to fill; prepareOrder checks they exist.
 */
export function requireMergeVariables(html: string, context: MergeContext, usedBy: string): void {
  const missing = findMissingVariables(html, context).filter((name) => !isTrackerVariable(name));
  if (missing.length > 0)
    throw invalid(
      'mergeVariables',
      `is missing ${missing.map((m) => `"${m}"`).join(', ')}, used by ${usedBy}.`,
    );
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Which of an order's alternative content fields were given: exactly one, or a 400 naming the
 * fields (`what` lists them for the message, e.g. "html, template or pdf").
 */
export function exactlyOne<F extends string>(input: Record<string, unknown>, fields: readonly F[]): F {
  const given = fields.filter((f) => present(input[f]));
  const choices = `${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]}`;
  if (given.length === 0) throw invalid(fields[0], `is required: supply exactly one of ${choices}.`);
  if (given.length > 1)
    throw invalid(given.join(' and '), `cannot be combined: supply exactly one of ${choices}.`);
  return given[0];
}

/** At most one of the fields: the one given, or undefined when none is (a 400 when several are). */
export function exactlyOneIfAny<F extends string>(
  input: Record<string, unknown>,
  fields: readonly F[],
): F | undefined {
  return fields.some((f) => present(input[f])) ? exactlyOne(input, fields) : undefined;
}
