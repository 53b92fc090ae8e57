/** A JSON Schema as @fastify/swagger writes it into the document (TypeBox's output). */
export type Schema = Record<string, any>;

/** A value for a string field, by its name: what a reader would type, so the example reads as a request. */
const BY_NAME: Readonly<Record<string, string>> = Object.freeze({
  firstName: 'Kevin',
  lastName: 'Smith',
  fullName: 'Kevin Smith',
  name: 'Spring mailing',
  companyName: 'Postroom Inc.',
  organizationName: 'Postroom Boston',
  jobTitle: 'Office manager',
  email: 'kevin@example.com',
  phoneNumber: '+1 617 555 0100',
  addressLine1: '90 Canal St',
  addressLine2: 'Floor 4',
  line1: '90 Canal St',
  line2: 'Floor 4',
  city: 'Boston',
  state: 'MA',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  zipCode: '02114',
  countryCode: 'US',
  country: 'US',
  description: 'Example',
  memo: 'Invoice 42',
  message: 'Thank you for your business.',
  note: 'Sent by mistake',
  html: '<html><body><p>Hello {{to.firstName}}</p></body></html>',
  url: 'https://example.com/postroom/webhooks',
  sqlQuery: 'SELECT id, status FROM letters LIMIT 10',
  address: '90 Canal St, Boston MA 02114',
  partialStreet: '90 Canal',
  password: 'correct-horse-battery',
  text: 'Hello',
  watermark: 'VOID',
  mailbox: 'virtual_mailbox_2Yb5sTgd8RbYf1Xg7xBcQ9',
});

/** Ids in examples: the resource's prefix and 22 base58 characters, as real ids are. */
const ID_TAIL = '2Yb5sTgd8RbYf1Xg7xBcQ9';

/**
 * An example value for `schema`: its own example or default, else one built from its type,
 * format, pattern and the field's name. Objects get their required properties only (one field
 * when none is required), so the example is the smallest request the schema takes; routes whose rules go beyond the schema
 * ("exactly one of html, template or pdf") have a written example (route-examples.ts).
 */
export function schemaExample(schema: Schema, name = '', depth = 0): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const chosen = branches.find((b: Schema) => b.type !== 'null') ?? branches[0];
    return schemaExample(chosen, name, depth);
  }
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((s: Schema) => schemaExample(s, name, depth)));
  switch (Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema, name);
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () =>
        schemaExample(schema.items ?? {}, singular(name), depth + 1),
      );
    }
    case 'object':
      return objectExample(schema, depth);
    default:
      return schema.properties ? objectExample(schema, depth) : stringExample(schema, name);
  }
}

function objectExample(schema: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 6) return out;
  const properties: Record<string, Schema> = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (properties[key]) out[key] = schemaExample(properties[key], key, depth + 1);
  }
  // An update takes any one field: show one, the description where there is one, not `{}`.
  const [first] = Object.keys(properties);
  const shown = 'description' in properties ? 'description' : first;
  if (!Object.keys(out).length && shown) out[shown] = schemaExample(properties[shown], shown, depth + 1);
  return out;
}

function stringExample(schema: Schema, name: string): string {
  const pattern: string | undefined = schema.pattern;
  const prefix = pattern && /^\^([a-z][a-z_]*_)\[/.exec(pattern)?.[1];
  let value: string;
  if (prefix) value = `${prefix}${ID_TAIL}`;
  else if (schema.format === 'date-time') value = '2026-01-15T17:00:00.000Z';
  else if (schema.format === 'date') value = '2026-01-15';
  else if (schema.format === 'email') value = 'kevin@example.com';
  else if (schema.format === 'uri' || /URL$/.test(name)) value = 'https://example.com/files/example.pdf';
  else if (pattern === '^[0-9]{5}$') value = '02114';
  else if (pattern?.startsWith('^(#[0-9A-Fa-f]')) value = '#1f5f8b';
  else if (pattern === '^[A-Za-z]{2}$') value = 'US';
  else if (pattern?.startsWith('^(standard|')) value = 'standard';
  else value = BY_NAME[name] ?? (name ? `example ${name}` : 'example');
  if (schema.maxLength !== undefined) value = value.slice(0, schema.maxLength);
  return value.padEnd(schema.minLength ?? 0, 'x');
}

function numberExample(schema: Schema, name: string): number {
  const floor =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const wanted = name === 'amount' ? 10000 : name === 'limit' ? 10 : name === 'skip' ? 0 : (floor ?? 1);
  const ceiling = schema.maximum ?? Number.POSITIVE_INFINITY;
  return Math.min(Math.max(wanted, floor ?? Number.NEGATIVE_INFINITY), ceiling);
}

/** `addContacts` → `addContacts`'s item is a contact id; a plain plural loses its s. */
function singular(name: string): string {
  return name.endsWith('ses') ? name.slice(0, -2) : name.replace(/s$/, '');
}
