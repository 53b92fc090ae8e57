/** Where the examples send their requests: the server `npm start` runs. */
export const EXAMPLE_BASE = 'http://localhost:8080';

export interface SampleRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: { contentType: string; value: unknown };
}

/**
 * The example as a curl command, the way the README's quickstart writes them: the key from
 * `$KEY` (the operator API's token from `$POSTROOM_OPERATOR_TOKEN`), JSON in `-d`, a multipart
 * body as `-F` fields with the file from disk.
 */
export function curlSample({ method, path, query, body }: SampleRequest): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.append(name, String(value));
  const url = `${EXAMPLE_BASE}${path}${search.size ? `?${search}` : ''}`;
  const auth = path.startsWith('/operator/')
    ? '-H "Authorization: Bearer $POSTROOM_OPERATOR_TOKEN"'
    : '-H "X-API-Key: $KEY"';
  const lines = [`curl -X ${method} '${url}' \\`, `  ${auth}`];
  if (body?.contentType === 'multipart/form-data') {
    for (const [name, value] of formFields(body.value)) {
      lines[lines.length - 1] += ' \\';
      lines.push(name === 'file' ? `  -F 'file=@addresses.csv'` : `  -F '${name}=${value}'`);
    }
  } else if (body) {
    lines[lines.length - 1] += ' \\';
    lines.push(`  -H 'Content-Type: ${body.contentType}' \\`, `  -d '${quoted(JSON.stringify(body.value))}'`);
  }
  return lines.join('\n');
}

/** An object as bracket-keyed form fields (`mappings[line1]`), as Postroom's form parsers read them. */
function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, inner]) =>
    formFields(inner, prefix ? `${prefix}[${key}]` : key),
  );
}

/** A single-quoted shell word cannot hold a quote: close, escape it, reopen. */
function quoted(text: string): string {
  return text.replace(/'/g, `'\\''`);
}
