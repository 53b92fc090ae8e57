import { curlSample } from './code-sample.js';
import { ROUTE_EXAMPLES, ROUTE_QUERIES } from './route-examples.js';
import { type Schema, schemaExample } from './schema-example.js';
import { DOC_TAGS } from './tags.js';

type OpenApi = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export const API_DESCRIPTION = `Postroom is a self-hostable server for two APIs: **address verification** (\`/v1/addver\`
for US and Canadian addresses, \`/v1/intl_addver\` for any country) and **print & mail**
(\`/print-mail/v1\`): contacts, letters, postcards, self mailers, snap packs, cheques and
boxes, rendered to print-ready PDFs and sent on by the mail room.

Every call carries an API key in the \`X-API-Key\` header: a print-mail key for
\`/print-mail/v1\`, an address verification key for \`/v1/addver\` and \`/v1/intl_addver\`.
\`npm start\` prints a test key of each on first start (\`.postroom/first-run-keys.txt\`); keys
starting \`test_\` never print or mail anything. Press **Authorize** to use one here.

Each operation shows an example request. This reference is generated from the same schemas
that validate requests; the OpenAPI 3.1 document itself is at [/openapi.json](/openapi.json).`;

/**
 * Makes @fastify/swagger's document Postroom's reference: its title and description, the
 * sections (tags) in the API documents' order with the paths sorted to match, and an example
 * request on every operation — the body (written for some routes, built from the schema for
 * the rest), the parameters, and the whole request as a curl command in `x-codeSamples` and
 * in the description, where Swagger UI shows it.
 */
export function decorateOpenApi(doc: OpenApi): OpenApi {
  doc.info = { ...doc.info, title: 'Postroom API', description: API_DESCRIPTION };
  doc.tags = DOC_TAGS.map((tag) => ({ ...tag }));
  const rank = new Map(DOC_TAGS.map((tag, i) => [tag.name, i]));
  const rankOf = (item: Record<string, any>) =>
    Math.min(
      ...METHODS.flatMap((m) => item[m]?.tags ?? []).map((t: string) => rank.get(t) ?? DOC_TAGS.length),
      DOC_TAGS.length,
    );
  const paths = Object.entries(doc.paths ?? {}) as Array<[string, Record<string, any>]>;
  // Array.sort is stable: within a section the routes keep the order they were registered in.
  paths.sort(([, a], [, b]) => rankOf(a) - rankOf(b));
  doc.paths = Object.fromEntries(paths);
  for (const [path, item] of paths) {
    for (const method of METHODS) if (item[method]) exemplify(method.toUpperCase(), path, item[method]);
  }
  return doc;
}

/** Puts an example on the operation's body and parameters and writes the request out as curl. */
function exemplify(method: string, path: string, op: Record<string, any>): void {
  const key = `${method} ${path}`;
  const query: Record<string, unknown> = { ...(ROUTE_QUERIES[key] ?? {}) };
  let urlPath = path;
  for (const param of (op.parameters ?? []) as Schema[]) {
    const example = query[param.name] ?? param.example ?? schemaExample(param.schema ?? {}, param.name);
    param.example = example;
    if (param.in === 'path')
      urlPath = urlPath.replace(`{${param.name}}`, encodeURIComponent(String(example)));
    else if (param.required && param.schema?.default === undefined && param.in === 'query')
      query[param.name] = example;
  }
  let body: { contentType: string; value: unknown } | undefined;
  for (const [contentType, media] of Object.entries(
    (op.requestBody?.content ?? {}) as Record<string, Schema>,
  )) {
    media.example ??= ROUTE_EXAMPLES[key] ?? schemaExample(media.schema ?? {});
    body ??= { contentType, value: media.example };
  }
  const source = curlSample({ method, path: urlPath, query, body });
  op['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source }];
  const sample = `**Example request**\n\n\`\`\`sh\n${source}\n\`\`\``;
  op.description = op.description ? `${op.description}\n\n${sample}` : sample;
}
