import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.js';

/**
 * What no request may carry anywhere in its body, query or path, checked once for every route
 * (docs/decisions.md, "Hostile input"), so no handler has to think of it:
 *
 * - a NUL character (PostgreSQL refuses it in text and jsonb) or a lone UTF-16 surrogate (not
 *   Unicode; jsonb refuses its escape), in any string or object key;
 * - a `__proto__` key, or `constructor` holding a `prototype` (what Fastify's own JSON parser
 *   refuses): such a key, copied onto a plain object, would change its prototype instead;
 * - containers nested deeper than INPUT_LIMITS.maxDepth, which recursive code (JSON.stringify,
 *   search text, jsonb) would overflow its stack on.
 *
 * The walk is iterative, so the check itself cannot overflow.
 */
export const INPUT_LIMITS = Object.freeze({ maxDepth: 32 });

export interface InputProblem {
  /** The field as a client wrote it: `metadata.team`, `to.firstName`, `mergeVariables.items.3`. */
  field: string;
  problem: string;
}

/** Where a value came from; names the field in the message like request validation does. */
export type InputPart = 'body' | 'query' | 'path';

const SUFFIX: Record<InputPart, string> = {
  body: '',
  query: ' (query parameter)',
  path: ' (path parameter)',
};

const NUL = 'contains a NUL character (\\u0000), which is not accepted.';
const SURROGATE = 'contains an unpaired UTF-16 surrogate, which is not valid Unicode.';
const PROTO_KEY = 'is not an accepted field name.';
const NOT_FINITE = 'must be a finite number.';
const TOO_DEEP = `is nested deeper than ${INPUT_LIMITS.maxDepth} levels.`;

// Node 20 has String.prototype.isWellFormed (ES2024); the project's TypeScript lib is older.
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function stringProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return NUL;
  if (!wellFormed(s)) return SURROGATE;
  return undefined;
}

/** A value found by the walk: its key and its parent's node make its path, built only when needed. */
interface Node {
  value: unknown;
  key?: string;
  parent?: Node;
  depth: number;
}

/** The first thing wrong with `value` (in document order), or undefined. `root` names the value itself. */
export function findInputProblem(value: unknown, root = 'body'): InputProblem | undefined {
  const stack: Node[] = [{ value, depth: 0 }];
  const at = (node: Node, problem: string) => ({ field: fieldName(node, root), problem });
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) return at(node, problem);
      continue;
    }
    if (typeof v === 'number' && !Number.isFinite(v)) return at(node, NOT_FINITE);
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (node.depth >= INPUT_LIMITS.maxDepth) return at(node, TOO_DEEP);
    const depth = node.depth + 1;
    const children: Node[] = [];
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) children.push({ value: v[i], key: String(i), parent: node, depth });
    } else {
      for (const key of Object.keys(v)) {
        const child: Node = { value: (v as Record<string, unknown>)[key], key, parent: node, depth };
        const keyProblem = stringProblem(key);
        if (keyProblem) return at(node, `has a key that ${keyProblem}`);
        if (key === '__proto__') return at(child, PROTO_KEY);
        const c = child.value;
        if (key === 'constructor' && c !== null && typeof c === 'object' && Object.hasOwn(c, 'prototype'))
          return at({ value: undefined, key: 'prototype', parent: child, depth }, PROTO_KEY);
        children.push(child);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return undefined;
}

/** A path as a client wrote it (`metadata.list.1`); a very deep one is cut short, its start says where. */
function fieldName(node: Node, root: string): string {
  const keys: string[] = [];
  for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) keys.push(n.key);
  if (keys.length === 0) return root;
  keys.reverse();
  return (keys.length > 6 ? [...keys.slice(0, 6), '…'] : keys).join('.');
}

/** Throws 400 validation_error naming the first field that findInputProblem finds. */
export function assertSafeInput(value: unknown, part: InputPart, root: string = part): void {
  const found = findInputProblem(value, root);
  if (found) throw invalid(found.field, found.problem.replace(/\.$/, `${SUFFIX[part]}.`));
}

const isJson = (contentType: string | undefined) => /^\s*application\/json/i.test(contentType ?? '');

/**
 * Query and path parameters of every route, before validation. Bodies are checked as they are
 * parsed (body-parsers.ts), so a poisoned body never even becomes `request.body`.
 * Callback-style: no promise per request on the hot path.
 */
export function installInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertSafeInput(request.query, 'query');
      assertSafeInput(request.params, 'path');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  // After validation has coerced form and query strings to numbers: Fastify's validator turns
  // `?limit=Infinity` into Infinity and lets it past `maximum` (a plain Ajv refuses it). JSON
  // cannot say Infinity, so only the query and non-JSON bodies are looked at again.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      assertSafeInput(request.query, 'query');
      if (!isJson(request.headers['content-type'])) assertSafeInput(request.body, 'body');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
