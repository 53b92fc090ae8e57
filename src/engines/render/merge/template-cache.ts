import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import { TemplateSyntaxError } from '../errors.js';
import { chargeLoops } from './merge-budget.js';

/**
 * An isolated Handlebars environment: no helpers or partials registered beyond the built-ins,
 * whose `each` charges its output to the merge's budget (merge-budget.ts).
 */
const handlebars = Handlebars.create();
chargeLoops(handlebars);

export interface CachedTemplate {
  ast: hbs.AST.Program;
  render: Handlebars.TemplateDelegate;
  /** `{{...}}` statements in the text, wherever they are: what bounds the values it prints. */
  printedValues: number;
}

/** Templates are reused across thousands of letters; parse and compile each text once. */
const MAX_ENTRIES = 500;
const cache = new Map<string, CachedTemplate>();

export function templateFor(html: string): CachedTemplate {
  const key = createHash('sha256').update(html).digest('base64url');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // re-insert: Map order doubles as least-recently-used order
    cache.set(key, hit);
    return hit;
  }
  const entry = compile(html);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return entry;
}

function compile(html: string): CachedTemplate {
  let ast: hbs.AST.Program;
  try {
    ast = handlebars.parse(html);
  } catch (err) {
    throw new TemplateSyntaxError(`the template cannot be parsed: ${firstLine(err)}`);
  }
  // strict: false so an optional value that is absent renders as nothing, like the hosted service
  const render = handlebars.compile(ast, { strict: false, preventIndent: true });
  return { ast, render, printedValues: countMustaches(ast) };
}

function countMustaches(ast: hbs.AST.Program): number {
  let count = 0;
  const programs: Array<hbs.AST.Program | undefined> = [ast];
  while (programs.length) {
    const program = programs.pop();
    for (const node of program?.body ?? []) {
      if (node.type === 'MustacheStatement') count++;
      else if (node.type === 'BlockStatement') {
        const block = node as hbs.AST.BlockStatement;
        programs.push(block.program, block.inverse);
      }
    }
  }
  return count;
}

export function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}
