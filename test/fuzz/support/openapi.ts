/**
 * The server's own `/openapi.json`, walked into the operations and resources the fuzz and
 * isolation suites cover. Nothing here names a route: a route added later is in the document,
 * so it is covered with no extra code.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path template as documented: `/print-mail/v1/contacts/{id}`. */
  path: string;
  params: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body?: JsonSchema;
}

/** `METHOD /path/{template}`: how operations are named in messages and the valid-body table. */
export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

export async function fetchOpenApi(baseUrl: string): Promise<any> {
  const res = await fetch(`${baseUrl}/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
  return res.json();
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: any) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
        })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** The `{name}` placeholders of a path template, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/** A path template with its placeholders filled (each value percent-encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return raw ? v : encodeURIComponent(v);
  });
}

/**
 * A collection of resources: a path `C` whose items are at `C/{param}`. Its create is `POST C`
 * when documented; its items' operations are every operation under `C/{param}`.
 */
export interface Resource {
  /** The collection path template, e.g. `/print-mail/v1/reports/{id}/exports`. */
  collection: string;
  create?: Operation;
  list?: Operation;
  /**
   * Every operation under `collection/{param}` (the item, its sub-paths and nested
   * collections), with the placeholder's name there (routes may name it differently).
   */
  itemOps: Array<{ op: Operation; param: string }>;
}

export function resourcesOf(ops: Operation[]): Resource[] {
  const byCollection = new Map<string, Resource>();
  for (const op of ops) {
    // Every `/{param}` in the path ends a collection: `/a/{id}/b/{x}` names `/a` and `/a/{id}/b`.
    for (const m of op.path.matchAll(/\/\{([^}]+)\}/g)) {
      const collection = op.path.slice(0, m.index);
      const param = m[1];
      if (!collection || collection.endsWith('/')) continue;
      const resource = byCollection.get(collection) ?? { collection, itemOps: [] };
      byCollection.set(collection, resource);
      if (!resource.itemOps.some((i) => i.op === op)) resource.itemOps.push({ op, param });
    }
  }
  for (const resource of byCollection.values()) {
    resource.create = ops.find((o) => o.method === 'POST' && o.path === resource.collection);
    resource.list = ops.find((o) => o.method === 'GET' && o.path === resource.collection);
  }
  return [...byCollection.values()];
}

/** The resource whose items `path`'s placeholder `param` names (its prefix before `/{param}`). */
export function resourceOfParam(resources: Resource[], path: string, param: string): Resource | undefined {
  const at = path.indexOf(`/{${param}}`);
  if (at < 0) return undefined;
  const collection = path.slice(0, at);
  return resources.find((r) => r.collection === collection);
}

/** Which credentials a path takes: a customer key of a product, or the operator's bearer token. */
export type Realm = 'print-mail' | 'addver' | 'operator' | 'none';

export function realmOf(path: string): Realm {
  if (path.startsWith('/print-mail/')) return 'print-mail';
  if (path.startsWith('/v1/')) return 'addver';
  if (path.startsWith('/operator/')) return 'operator';
  return 'none';
}

/**
 * A minimal value that satisfies `schema` (the first enum value, the minimum, the required
 * properties): the valid base that the fuzz cases mutate one field of.
 */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return exampleOf(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  if (schema.allOf?.length) return exampleOf(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const v = exampleOf(schema.properties?.[name], depth + 1);
        out[name] = v === undefined ? 'x' : v;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items, depth + 1));
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** The simple type a schema asks for, for "wrong type" mutations ('any' when it accepts anything). */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum?.length) return typeof schema.enum[0];
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t === 'integer' ? 'number' : t;
  if (schema.properties) return 'object';
  return 'any';
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/**
 * Request schemas with an anyOf of two or more scalar types (`null | string`): with
 * `coerceTypes: 'array'` Ajv lets a one-element array past such a union without unwrapping it,
 * so the handler gets an array where the schema promises a string. One schema with a type list
 * (`type: ['string', 'null']`, what `removable()` writes) has no such hole.
 */
export function coercionHoles(doc: any): string[] {
  const found = new Set<string>();
  const walk = (s: unknown, where: string): void => {
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s)) {
      for (const x of s) walk(x, where);
      return;
    }
    const schema = s as JsonSchema & Record<string, unknown>;
    const types = (schema.anyOf ?? [])
      .map((b) => b.type)
      .filter((t) => typeof t === 'string' && SCALAR_TYPES.has(t));
    if (new Set(types).size > 1) found.add(`${where}: anyOf ${types.join(' | ')}`);
    for (const v of Object.values(schema)) walk(v, where);
  };
  for (const op of operationsOf(doc)) {
    const item = doc.paths[op.path][op.method.toLowerCase()];
    walk(item.requestBody, opName(op));
    walk(item.parameters, opName(op));
  }
  return [...found];
}
