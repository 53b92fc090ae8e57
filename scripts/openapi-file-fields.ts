/**
 * Derives test/fixtures/openapi-file-fields.json from the hosted API's OpenAPI file: every
 * request-body field typed `format: byte` (a file sent in the JSON body as base64), found by
 * walking each request body's schema ($ref, anyOf/oneOf/allOf, properties, items). Run it when
 * the OpenAPI file changes; the tests read only the committed list.
 *   node --import tsx scripts/openapi-file-fields.ts ../shared/spec/reference/print-mail-openapi-2025-05.yaml
 */
import { readFileSync } from 'node:fs';

/** The request-body fields typed `format: byte` in the OpenAPI file, found by walking it ($ref, anyOf/allOf, properties). */
export async function byteFieldsOf(file: string) {
  // yaml comes with @fastify/swagger.
  const { parse } = await import('yaml');
  const doc = parse(readFileSync(file, 'utf8'));
  const found = new Set<string>();
  const reached = new Set<unknown>();
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: any, k: string) => o[k], doc);
  const walk = (schema: any, field: string, operation: string, refs: string[]): void => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) {
      if (!refs.includes(schema.$ref)) walk(resolve(schema.$ref), field, operation, [...refs, schema.$ref]);
      return;
    }
    if (schema.format === 'byte') {
      found.add(`${operation} ${field}`);
      reached.add(schema);
    }
    for (const k of ['anyOf', 'oneOf', 'allOf'])
      for (const s of schema[k] ?? []) walk(s, field, operation, refs);
    for (const [name, s] of Object.entries(schema.properties ?? {}))
      walk(s, field ? `${field}.${name}` : name, operation, refs);
    if (schema.items) walk(schema.items, `${field}[]`, operation, refs);
  };
  for (const [at, item] of Object.entries<any>(doc.paths))
    for (const [method, op] of Object.entries<any>(item))
      for (const media of Object.values<any>(op?.requestBody?.content ?? {}))
        walk(media.schema, '', `${method.toUpperCase()} ${at}`, []);
  // Every `format: byte` in the file, reached from a request body or not.
  let total = 0;
  JSON.stringify(doc, (k, v) => {
    if (k === 'format' && v === 'byte') total++;
    return v;
  });
  return { fields: [...found].sort(), reached: reached.size, total };
}

const file = process.argv[2];
if (!file) throw new Error('usage: scripts/openapi-file-fields.ts OPENAPI.yaml');
const { fields, reached, total } = await byteFieldsOf(file);
if (reached !== total) throw new Error(`${total - reached} format: byte fields no request body reaches`);
const listed = fields.map((f) => {
  const [method, path, field] = f.split(' ');
  return { operation: `${method} ${path}`, field };
});
const source =
  "print-mail-openapi-2025-05.yaml: the hosted print & mail API's published OpenAPI file, every request-body field typed `format: byte`, by operation and field path";
console.log(JSON.stringify({ source, fields: listed }, null, 2));
