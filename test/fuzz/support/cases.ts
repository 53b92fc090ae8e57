import fc from 'fast-check';
import { fillPath, type JsonSchema, type Operation, typeOf } from './openapi.js';

/**
 * fast-check generators of hostile requests for one operation, each kind a small arbitrary.
 * A case starts from a valid base (a seeded id in the path, a minimal valid body) and breaks
 * one thing, so it reaches as deep into the handler as a real client's mistake would.
 */

/** One request to send: everything but the credentials, which the runner adds per mode. */
export interface FuzzCase {
  kind: CaseKind;
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | (() => FormData);
  /** The key's mode: most cases use the test key, some the live key (another code path). */
  mode: 'test' | 'live';
  /** What was broken, for the failure message. */
  note: string;
}

export const CASE_KINDS = [
  'malformed-json',
  'wrong-type',
  'null',
  'empty-string',
  'huge-string',
  'deep-nesting',
  'unicode',
  'proto-key',
  'urlencoded',
  'multipart',
  'content-type',
  'query',
  'path-id',
  'header',
  'private-url',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/**
 * Where private-url cases point: the loopback listener the suite counts connections on
 * (aimPrivateUrlsAt), so an answer that looks fine but reached it is caught.
 */
let privatePort = 9;
export function aimPrivateUrlsAt(port: number): void {
  privatePort = port;
}

/** Fields a server may fetch or render: URLs, files and HTML, by their names. */
const FETCHED_FIELD = /url|pdf|image|file|html|logo|template/i;

/** The ways a private address is written that slipped through at least once, plain and in HTML. */
const privateUrls = () => {
  const p = privatePort;
  const urls = [
    `http://127.0.0.1:${p}/x`,
    `http://[::1]:${p}/x`,
    `http://[::ffff:127.0.0.1]:${p}/x`,
    `http://[::ffff:0:127.0.0.1]:${p}/x`,
    `http://localhost.:${p}/x`,
    `http://LOCALHOST:${p}/x`,
    `http://0x7f.1:${p}/x`,
    `http://2130706433:${p}/x`,
    `http://169.254.169.254/latest/meta-data/`,
  ];
  return fc.oneof(
    fc.constantFrom(...urls),
    fc.constantFrom(...urls).map((u) => `<p>hi</p><img src="${u}"><link rel="prefetch" href="${u}">`),
  );
};

/** Kinds that send a body: not for GET (a fetch GET cannot carry one). Every kind but these. */
const NO_BODY_KINDS: readonly CaseKind[] = ['query', 'path-id', 'header'];
const BODY_KINDS = new Set<CaseKind>(CASE_KINDS.filter((k) => !NO_BODY_KINDS.includes(k)));

export function kindsFor(op: Operation): CaseKind[] {
  return CASE_KINDS.filter((k) => {
    if (op.method === 'GET' && BODY_KINDS.has(k)) return false;
    if (k === 'path-id' && !op.path.includes('{')) return false;
    return true;
  });
}

/** The valid request a case breaks one thing of. */
export interface Base {
  pathValues: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** Text put into a JSON body as is (deep nesting, `__proto__` keys, numbers JSON.stringify cannot write). */
export class Raw {
  constructor(readonly text: string) {}
}

const HUGE = 1024 * 1024 + 1;

/** JSON text of `value`, with each Raw's text in place. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0001${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]);
}

/** Bracket-key pairs (`to[firstName]`, `a[0]`) as urlencoded and multipart clients write them. */
export function flatten(value: unknown, prefix = ''): Array<[string, string]> {
  if (value instanceof Raw) return [[prefix, value.text]];
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) return [[prefix, '']];
    return entries.flatMap(([k, v]) => flatten(v, prefix ? `${prefix}[${k}]` : k));
  }
  return [[prefix || 'value', value === null ? '' : String(value)]];
}

/** The dotted paths of a body's fields worth breaking: the schema's and the base's, two levels deep. */
export function fieldsOf(schema: JsonSchema | undefined, base: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const walk = (s: JsonSchema | undefined, prefix: string, depth: number) => {
    if (!s || depth > 1) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, prefix, depth);
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      out.add(prefix + name);
      walk(child, `${prefix}${name}.`, depth + 1);
    }
  };
  walk(schema, '', 0);
  const walkValue = (v: unknown, prefix: string, depth: number) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || depth > 1) return;
    for (const [k, child] of Object.entries(v)) {
      out.add(prefix + k);
      walkValue(child, `${prefix}${k}.`, depth + 1);
    }
  };
  walkValue(base, '', 0);
  return out.size ? [...out] : ['field'];
}

export function schemaAt(schema: JsonSchema | undefined, field: string): JsonSchema | undefined {
  let s = schema;
  for (const part of field.split('.')) {
    const alts = [s, ...(s?.anyOf ?? []), ...(s?.oneOf ?? []), ...(s?.allOf ?? [])];
    s = alts.map((a) => a?.properties?.[part]).find(Boolean);
    if (!s) return undefined;
  }
  return s;
}

/** A deep copy of `base` with `field` (dotted) set to `value`; objects on the way made as needed. */
export function withField(
  base: Record<string, unknown>,
  field: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(base);
  const parts = field.split('.');
  let at: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1]] = value;
  return copy;
}

const ascii = (max: number) => fc.string({ unit: 'binary-ascii', maxLength: max });

/** Strings a careless or hostile client sends: any Unicode, NULs, lone surrogates, RTL, emoji. */
export const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
  fc.tuple(ascii(10), ascii(10)).map(([a, b]) => `${a}\u0000${b}`),
  fc.tuple(ascii(10), fc.integer({ min: 0xd800, max: 0xdfff })).map(([a, c]) => a + String.fromCharCode(c)),
  fc.constantFrom(
    '\u202eevil',
    '😀'.repeat(30),
    'e\u0301'.repeat(20),
    '\ufeff',
    '\uffff',
    '\u2028\u2029',
    '💩\u0000',
  ),
);

/** A value of another type than `type` asks for. */
function wrongValue(type: string) {
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', ascii(20)],
    ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.oneof(ascii(5), fc.integer()), { maxLength: 3 })],
    ['object', fc.dictionary(ascii(5), fc.oneof(ascii(5), fc.integer()), { maxKeys: 3 })],
    [
      'bignum',
      fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('123456789012345678901234567890')),
    ],
  ];
  return fc.oneof(...all.filter(([t]) => t !== type).map(([, a]) => a));
}

const nested = (depth: number, open: string, close: string, leaf = '1') =>
  new Raw(open.repeat(depth) + leaf + close.repeat(depth));

const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 6000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? nested(depth, '[', ']') : nested(depth, '{"a":', '}')));

const protoValue = fc.constantFrom(
  new Raw('{"__proto__":{"polluted":true}}'),
  new Raw('{"__proto__":{"firstName":{"nested":["obj"]},"city":12345}}'),
  new Raw('{"constructor":{"prototype":{"polluted":true}}}'),
  new Raw('{"a":{"__proto__":[1,2]}}'),
);

const QUERY_VALUES = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1e20',
    '9223372036854775808',
    '9223372036854775806',
    'Infinity',
    '-Infinity',
    'NaN',
    '',
    '0x10',
    ' 1',
    'true',
    'null',
    '[]',
    '{"a":',
    '{"city":{"$gt":1}}',
    '{}',
    '1.5',
  ),
  fc.integer({ min: 20, max: 3000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
  hostileString,
);

/** `to.firstName` as a form field name: `to[firstName]`. */
const bracketed = (field: string) => {
  const [first, ...rest] = field.split('.');
  return first + rest.map((p) => `[${p}]`).join('');
};

/**
 * encodeURIComponent that also writes a lone surrogate (as its WTF-8 bytes, %ED%A0%80) instead
 * of throwing, so the server sees what a sloppy client would send.
 */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}

function encodeQuery(pairs: Array<[string, string]>, raw?: string): string {
  const qs = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  if (raw) qs.push(raw);
  return qs.length ? `?${qs.join('&')}` : '';
}

/** An arbitrary of cases of one kind for one operation. */
export function caseArbitrary(op: Operation, kind: CaseKind, base: Base): fc.Arbitrary<FuzzCase> {
  const fields = fieldsOf(op.body, base.body);
  const field = fc.constantFrom(...fields);
  const mode = fc.constantFrom<'test' | 'live'>('test', 'test', 'test', 'live');
  const path = fillPath(op.path, base.pathValues);
  const baseQuery = Object.entries(base.query);
  const make = (
    m: 'test' | 'live',
    note: string,
    body: FuzzCase['body'],
    contentType?: string,
    url = path + encodeQuery(baseQuery),
    headers: Record<string, string> = {},
  ): FuzzCase => ({
    kind,
    method: op.method,
    url,
    headers: contentType === undefined ? headers : { ...headers, 'content-type': contentType },
    body,
    mode: m,
    note,
  });
  const jsonWith = (value: fc.Arbitrary<unknown>, label: string) =>
    fc
      .tuple(mode, field, value)
      .map(([m, f, v]) =>
        make(m, `${label} in ${f}`, toJson(withField(base.body, f, v)), 'application/json'),
      );

  switch (kind) {
    case 'malformed-json': {
      const valid = toJson(base.body);
      return fc
        .tuple(
          mode,
          fc.oneof(
            fc.nat(valid.length).map((cut) => valid.slice(0, cut)),
            fc.constantFrom(
              '{',
              '{"a":}',
              '[1,]',
              'nul',
              `${valid}}`,
              "{'a':1}",
              '{"a":1,}',
              '\ufeff{}',
              '{"a":"\\x"}',
            ),
            fc.string({ unit: 'binary', maxLength: 60 }),
            fc.json().map((j) => `${j}garbage`),
          ),
        )
        .map(([m, text]) => make(m, `body ${JSON.stringify(text.slice(0, 60))}`, text, 'application/json'));
    }
    case 'wrong-type':
      return fc
        .tuple(mode, field)
        .chain(([m, f]) =>
          wrongValue(typeOf(schemaAt(op.body, f))).map((v) =>
            make(
              m,
              `${f} = ${toJson(v).slice(0, 60)}`,
              toJson(withField(base.body, f, v)),
              'application/json',
            ),
          ),
        );
    case 'null':
      return fc.oneof(
        jsonWith(fc.constant(null), 'null'),
        fc
          .tuple(mode, fc.constantFrom('null', '[]', '"text"', '1', 'true', '[{}]'))
          .map(([m, text]) => make(m, `body ${text}`, text, 'application/json')),
      );
    case 'empty-string':
      return fc.oneof(
        jsonWith(fc.constant(''), 'empty string'),
        mode.map((m) => make(m, 'empty body', '', 'application/json')),
        fc
          .tuple(mode, field)
          .map(([m, f]) =>
            make(m, `${f} empty key`, toJson(withField(base.body, f, { '': '' })), 'application/json'),
          ),
      );
    case 'huge-string':
      return fc.oneof(
        jsonWith(
          fc
            .tuple(fc.nat(1000), fc.constantFrom('x', 'é', '😀', ' '))
            .map(([extra, ch]) => ch.repeat(HUGE + extra)),
          '1 MB string',
        ),
        fc
          .tuple(mode, fc.integer({ min: 2000, max: 40_000 }))
          .map(([m, n]) =>
            make(m, `query of ${n} characters`, undefined, undefined, `${path}?search=${'q'.repeat(n)}`),
          ),
      );
    case 'deep-nesting':
      return fc.oneof(
        jsonWith(deepValue, 'deep nesting'),
        fc
          .tuple(mode, deepValue)
          .map(([m, v]) => make(m, `body ${v.text.slice(0, 20)}…`, v.text, 'application/json')),
      );
    case 'unicode':
      return fc.oneof(
        jsonWith(hostileString, 'hostile string'),
        fc
          .tuple(mode, field, hostileString)
          .map(([m, f, key]) =>
            make(
              m,
              `key ${JSON.stringify(key)} in ${f}`,
              toJson(withField(base.body, f, { [key]: 'v' })),
              'application/json',
            ),
          ),
      );
    case 'proto-key':
      return fc.oneof(
        jsonWith(protoValue, 'prototype key'),
        fc.tuple(mode, protoValue).map(([m, v]) => {
          const text = toJson(base.body);
          const inner = v.text.slice(1, -1);
          const body = text === '{}' ? `{${inner}}` : `{${inner},${text.slice(1)}`;
          return make(m, `top-level ${inner}`, body, 'application/json');
        }),
      );
    case 'urlencoded': {
      const extra = fc.oneof(
        fc.constantFrom(
          '__proto__[polluted]=1',
          'constructor[prototype][polluted]=1',
          'a[b][c][d][e][f][g][h][i]=1',
          'firstName=%00',
          'firstName=%zz',
          'firstName=%',
          'a[]=1&a[]=2&a[5]=3',
          'metadata[__proto__][x]=1',
          'limit=Infinity',
          '=&&=',
        ),
        fc.tuple(hostileString, hostileString).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
        fc
          .integer({ min: 2000, max: 2100 })
          .map((n) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&')),
      );
      return fc.tuple(mode, field, wrongValue('none'), extra).map(([m, f, v, more]) => {
        const pairs = flatten(withField(base.body, f, v));
        const text = [...pairs.map(([k, val]) => `${percentEncode(k)}=${percentEncode(val)}`), more].join(
          '&',
        );
        return make(m, `form ${more.slice(0, 60)}`, text, 'application/x-www-form-urlencoded');
      });
    }
    case 'multipart':
      return fc.oneof(
        fc
          .tuple(
            mode,
            field,
            fc.oneof(hostileString, wrongValue('none')),
            fc.option(fc.uint8Array({ maxLength: 64 })),
          )
          .map(([m, f, v, file]) =>
            make(m, `multipart ${f} = ${file ? 'a file' : toJson(v).slice(0, 40)}`, () => {
              const form = new FormData();
              for (const [k, val] of flatten(withField(base.body, f, file ? {} : v)))
                if (k !== bracketed(f)) form.append(k, val);
              if (file) form.append(bracketed(f), new Blob([file]), 'f.bin');
              return form;
            }),
          ),
        fc
          .tuple(
            mode,
            fc.constantFrom(
              [
                'multipart/form-data',
                '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
              ],
              ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
              ['multipart/form-data; boundary=x', 'no parts here'],
              ['multipart/form-data; boundary=x', '--y\r\n\r\n--y--'],
              [
                'multipart/form-data; boundary=x',
                '--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--\r\n',
              ],
              [
                'multipart/form-data; boundary=x',
                '--x\r\nContent-Disposition: form-data; name="__proto__[a]"\r\n\r\n1\r\n--x--\r\n',
              ],
              ['multipart/form-data; boundary=', ''],
            ),
          )
          .map(([m, [ct, text]]) => make(m, `raw multipart ${JSON.stringify(text.slice(0, 40))}`, text, ct)),
      );
    case 'content-type':
      return fc
        .tuple(
          mode,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'text/html',
            'application/octet-stream',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'APPLICATION/JSON',
            'application/vnd.api+json',
            'application/x-www-form-urlencoded',
            'application/json, text/plain',
            ';;;',
            'application/',
            undefined,
          ),
        )
        .map(([m, ct]) =>
          make(m, `Content-Type ${ct ?? '(none)'}`, new TextEncoder().encode(toJson(base.body)), ct),
        );
    case 'query': {
      const names = [
        ...new Set([...op.params.filter((p) => p.in === 'query').map((p) => p.name), 'unknownParam']),
      ];
      return fc
        .tuple(
          mode,
          fc.constantFrom(...names),
          QUERY_VALUES,
          fc.constantFrom('plain', 'repeated', 'bracket', 'raw'),
        )
        .map(([m, name, value, how]) => {
          const pairs = baseQuery.filter(([k]) => k !== name);
          let raw: string | undefined;
          if (how === 'plain') pairs.push([name, value]);
          else if (how === 'repeated') pairs.push([name, value], [name, '1']);
          else if (how === 'bracket') pairs.push([`${name}[x]`, value]);
          else
            raw = `${encodeURIComponent(name)}=${value.replace(/[#&\s]/g, '')}%${value.length % 2 ? 'zz' : '00'}`;
          const body = op.method === 'GET' ? undefined : toJson(base.body);
          const url = path + encodeQuery(pairs, raw);
          return make(
            m,
            `query ${name}=${JSON.stringify(value.slice(0, 40))} (${how})`,
            body,
            body && 'application/json',
            url,
          );
        });
    }
    case 'path-id': {
      const names = Object.keys(base.pathValues);
      const bad = fc.oneof(
        hostileString.filter((s) => s.length > 0),
        fc.constantFrom(
          '%00',
          '%zz',
          '%',
          '..',
          '%2e%2e',
          '%2F',
          'a%2Fb',
          ' ',
          'null',
          'undefined',
          '0',
          '-1',
          '[]',
        ),
        fc.integer({ min: 95, max: 2000 }).map((n) => 'contact_'.padEnd(n, '1')),
        fc.stringMatching(/^[a-z_]{1,20}_[1-9A-HJ-NP-Za-km-z]{22}$/),
      );
      return fc.tuple(mode, fc.constantFrom(...names), bad).map(([m, name, value]) => {
        const encoded = /^%|\.\./.test(value) || value === 'a%2Fb' ? value : percentEncode(value);
        const url = fillPath(op.path, { ...base.pathValues, [name]: encoded }, true) + encodeQuery(baseQuery);
        const body = op.method === 'GET' ? undefined : toJson(base.body);
        return make(
          m,
          `{${name}} = ${JSON.stringify(value.slice(0, 40))}`,
          body,
          body && 'application/json',
          url,
        );
      });
    }
    case 'private-url': {
      const fetched = fields.filter((f) => FETCHED_FIELD.test(f));
      return fc
        .tuple(mode, fc.constantFrom(...(fetched.length ? fetched : fields)), privateUrls())
        .map(([m, f, url]) =>
          make(m, `${f} = ${url}`, toJson(withField(base.body, f, url)), 'application/json'),
        );
    }
    case 'header': {
      // What a header value may hold (no controls; Latin-1 beyond ASCII, as fetch allows).
      const unit = fc
        .integer({ min: 0x21, max: 0xfe })
        .filter((c) => c !== 0x7f)
        .map((c) => String.fromCharCode(c));
      const latin1 = fc.string({ unit, minLength: 1, maxLength: 300 });
      return fc
        .tuple(
          mode,
          fc.constantFrom('idempotency-key', 'accept', 'x-api-version', 'content-length-ish'),
          latin1,
        )
        .map(([m, name, value]) => {
          const body = op.method === 'GET' ? undefined : toJson(base.body);
          return make(
            m,
            `header ${name}: ${JSON.stringify(value.slice(0, 40))}`,
            body,
            body && 'application/json',
            undefined,
            {
              [name]: value,
            },
          );
        });
    }
  }
}
