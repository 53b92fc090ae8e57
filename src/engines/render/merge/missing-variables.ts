import { TemplateSyntaxError } from '../errors.js';
import type { MergeContext } from './merge-context.js';
import { templateFor } from './template-cache.js';

type Node = hbs.AST.Statement;
type Expr = hbs.AST.Expression;

/** Helpers Handlebars itself provides; anything else called with arguments is a typo. */
const BUILT_IN_HELPERS = new Set(['lookup', 'log', 'if', 'unless', 'each', 'with', 'helperMissing']);

/**
 * Names of variables the template would print but the context does not supply, in order of
 * first use, so the API can answer 400 naming them before anything is rendered. The rule:
 *
 * - `{{name}}`, `{{{name}}}`, `{{to.firstName}}` outside any block: required.
 * - `#if x` / `#unless x`: `x` itself is never required (absent is simply false); the branch
 *   that will render for this context is checked by the same rule, the other is not.
 * - `#each`, `#with` and other sections: neither the section's value nor anything inside is
 *   required, since inside them names refer to each item, not to the merge variables.
 * - `{{name arg}}` where `name` is not a built-in helper: `name` is reported (a typo such as
 *   `{{first name}}` would otherwise fail at render time).
 * - `this`, `../x`, `@index` and other data variables are never required.
 * - A value that is present but null or empty counts as supplied.
 */
export function findMissingVariables(html: string, context: MergeContext): string[] {
  const missing = new Set<string>();
  walk(templateFor(html).ast.body, context, missing);
  return [...missing];
}

function walk(body: Node[], context: MergeContext, missing: Set<string>): void {
  for (const node of body) {
    if (node.type === 'MustacheStatement') checkMustache(node as hbs.AST.MustacheStatement, context, missing);
    else if (node.type === 'BlockStatement') checkBlock(node as hbs.AST.BlockStatement, context, missing);
    else if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') {
      throw new TemplateSyntaxError('partials ({{> name}}) are not supported in templates');
    }
  }
}

function checkMustache(node: hbs.AST.MustacheStatement, context: MergeContext, missing: Set<string>): void {
  if (node.path.type !== 'PathExpression') return;
  const path = node.path as hbs.AST.PathExpression;
  const hasArgs = node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
  if (hasArgs) {
    if (!BUILT_IN_HELPERS.has(path.original)) missing.add(path.original);
    return;
  }
  if (isContextFree(path)) return;
  if (resolve(context, path.parts) === undefined) missing.add(path.original);
}

function checkBlock(node: hbs.AST.BlockStatement, context: MergeContext, missing: Set<string>): void {
  const helper = node.path.type === 'PathExpression' ? (node.path as hbs.AST.PathExpression).original : '';
  if (helper !== 'if' && helper !== 'unless') return;
  const condition = evaluate(node.params[0], context);
  if (condition === 'unknown') return;
  const takesMain = helper === 'if' ? condition : !condition;
  const branch = takesMain ? node.program : node.inverse;
  if (branch) walk(branch.body, context, missing);
}

/** Truthiness the way Handlebars' #if sees it, or 'unknown' for sub-expressions. */
function evaluate(param: Expr | undefined, context: MergeContext): boolean | 'unknown' {
  if (!param) return false;
  if (param.type === 'PathExpression') {
    const path = param as hbs.AST.PathExpression;
    if (isContextFree(path)) return 'unknown';
    const value = resolve(context, path.parts);
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  }
  if ('value' in param) return Boolean((param as hbs.AST.Literal & { value: unknown }).value);
  return 'unknown';
}

function isContextFree(path: hbs.AST.PathExpression): boolean {
  return path.data || path.depth > 0 || path.parts.length === 0 || path.original === 'this';
}

/** Follows own properties only, as Handlebars does with prototype access disabled. */
function resolve(context: unknown, parts: string[]): unknown {
  let value: unknown = context;
  for (const part of parts) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
