import { type Static, Type } from '@sinclair/typebox';
import { invalid } from './errors.js';
import { findInputProblem } from './input-check.js';

export const MAX_LIST_LIMIT = 1000;
/**
 * The largest integer a double holds exactly: past it `skip` is not the number sent, and
 * PostgreSQL's OFFSET (a bigint) refuses 1e20 or Infinity with an error, not a 400.
 */
export const MAX_LIST_SKIP = Number.MAX_SAFE_INTEGER;

/** Query parameters every list accepts. */
export const ListQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: MAX_LIST_SKIP, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: 10 }),
  search: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ListQuery = Static<typeof ListQuery>;

/**
 * `search` is free text (a quoted phrase matches anywhere in the resource) or a JSON object
 * of dotted-path equalities, e.g. `{"metadata.campaignID":"abc"}`, turned into the nested
 * object that a jsonb containment (`doc @> …`) matches.
 */
export type Search = { kind: 'text'; phrase: string } | { kind: 'fields'; contains: Record<string, unknown> };

export function parseSearch(search: string | undefined): Search | undefined {
  const raw = search?.trim();
  if (!raw) return undefined;
  if (raw.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalid('search', 'looks like a JSON object but is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalid('search', 'must be free text or a JSON object of field values.');
    // The query string was checked as text; what its JSON escapes make is checked here.
    const found = findInputProblem(parsed, 'search');
    if (found)
      throw invalid('search', `${found.field === 'search' ? '' : `(at "${found.field}") `}${found.problem}`);
    return { kind: 'fields', contains: nestDottedPaths(parsed as Record<string, unknown>) };
  }
  const phrase = raw
    .replace(/^"(.*)"$/s, '$1')
    .trim()
    .toLowerCase();
  return phrase ? { kind: 'text', phrase } : undefined;
}

function nestDottedPaths(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    if (parts.some((p) => p === '' || p === '__proto__'))
      throw invalid('search', `has an invalid field path "${path}".`);
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/** The lower-cased values of a resource, joined: what free-text search looks through. */
export function searchTextOf(doc: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) return;
    if (typeof v === 'string') parts.push(v);
    else if (typeof v === 'number' || typeof v === 'boolean') parts.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(doc);
  return parts.join(' ').toLowerCase();
}

/** Builds the list body from stored JSON texts without parsing them again. */
export function listBody(query: ListQuery, totalCount: number, docs: string[]): string {
  return `{"object":"list","limit":${query.limit},"skip":${query.skip},"totalCount":${totalCount},"data":[${docs.join(',')}]}`;
}
