import type Handlebars from 'handlebars';
import { RenderInputError } from '../errors.js';

/**
 * Bounds what a merge can make before it is made: a 456-byte template of three nested
 * `{{#each}}` over a 100-item list is a million copies of its body, and a thousand `{{x}}` of a
 * 100 KB variable is 100 MB. Neither is an error Handlebars knows of; both would take the
 * worker's memory and time before any size check after the merge could refuse them. So:
 *
 * - every `{{#each}}` (and a `{{#list}}` section over an array, which Handlebars runs through
 *   `each`) charges what each turn makes to the merge's budget, and the merge stops with a
 *   RenderInputError once the budget is spent. A nested loop's output is charged at each
 *   level, so deep nesting spends the budget faster, never slower;
 * - before merging, the values alone are bounded: one pass of a template's text printing `m`
 *   values makes at most `m` times the longest value (up to 6 times more where HTML escaping
 *   expands every character). That bound, not the real output, must stay under
 *   MAX_VALUE_EXPANSION, which no real letter comes near.
 *
 * A content failure, so the order is cancelled rather than retried (render-order.ts).
 */
export const MAX_VALUE_EXPANSION = 64 * 1024 * 1024;

interface Budget {
  left: number;
  limit: number;
  field: string;
}

// Merges run synchronously, one at a time on a thread: the budget of the merge in progress.
let current: Budget | undefined;

const tooLarge = (budget: Budget) =>
  new RenderInputError(
    budget.field,
    `${budget.field}: merging the template with its variables makes more than ${budget.limit / 1024 / 1024} MB of HTML (a loop over a long list, nested loops, or a large value printed many times?)`,
    'too_large',
  );

function spend(chars: number): void {
  if (!current) return;
  current.left -= chars;
  if (current.left < 0) throw tooLarge(current);
}

/** Replaces `each` in this Handlebars environment by one that charges its output to the budget. */
export function chargeLoops(env: typeof Handlebars): void {
  const each = env.helpers.each as Handlebars.HelperDelegate;
  env.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
    const body = options.fn;
    const charged = Object.assign((ctx: unknown, opts?: Handlebars.RuntimeOptions) => {
      const out = body(ctx, opts);
      spend(out.length);
      return out;
    }, body);
    return each.call(this, context, { ...options, fn: charged });
  });
}

/** The longest string or number in `context` (iteratively: contexts come from checked input). */
export function longestValue(context: unknown): number {
  let longest = 0;
  const stack: unknown[] = [context];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') longest = Math.max(longest, v.length);
    else if (typeof v === 'number' || typeof v === 'boolean') longest = Math.max(longest, String(v).length);
    else if (v !== null && typeof v === 'object') for (const child of Object.values(v)) stack.push(child);
  }
  return longest;
}

/**
 * Runs `merge` with `limit` characters to spend, refusing first a template whose printed values
 * alone could exceed MAX_VALUE_EXPANSION; the result itself is checked against `limit` too.
 */
export function withMergeBudget(
  opts: { limit: number; field: string; templateChars: number; printedValues: number; context: unknown },
  merge: () => string,
): string {
  const budget: Budget = { left: opts.limit, limit: opts.limit, field: opts.field };
  const bound = opts.templateChars + opts.printedValues * longestValue(opts.context);
  if (bound > MAX_VALUE_EXPANSION) throw tooLarge(budget);
  const outer = current;
  current = budget;
  try {
    const out = merge();
    if (out.length > opts.limit) throw tooLarge(budget);
    return out;
  } finally {
    current = outer;
  }
}
