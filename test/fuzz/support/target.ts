import { parseMailroomAddress } from '../../../src/config/mailroom.js';
import type { TestServer } from '../../helpers/harness.js';
import type { Base } from './cases.js';
import {
  fetchOpenApi,
  type Operation,
  operationsOf,
  pathParams,
  type Resource,
  realmOf,
  resourceOfParam,
  resourcesOf,
} from './openapi.js';
import { rowCounter } from './row-counts.js';
import { defaultBase, type Target } from './runner.js';
import { type Answer, NothingListed, type Seeder, seeder } from './seeds.js';
import { VALID_BODIES } from './valid-bodies.js';

/** The operator API's bearer token in the fuzzed server (config `operatorToken`, 32+ characters). */
export const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789abcdef';

/** Config for a fuzzed server: every optional feature on, so its routes answer rather than 503. */
export const fuzzConfig = () => ({
  // As a server runs by default: private-url cases must be refused, not fetched.
  allowPrivateUrls: false,
  operatorToken: OPERATOR_TOKEN,
  mailroomAddress: parseMailroomAddress('1 Mail Room Way, Louisville, KY 40202'),
});

export interface Caller {
  /** Credentials for a path: the key of its product, or the operator token. */
  credentials(path: string): Record<string, string>;
  send(method: string, path: string, body?: { json?: unknown; multipart?: FormData }): Promise<Answer>;
}

/** A caller of one organization and mode with secret keys of both products. */
export async function callerOf(server: TestServer, org: string, mode: 'test' | 'live'): Promise<Caller> {
  return callerWithKeys(server, {
    'print-mail': await server.key({ org, mode, product: 'print-mail' }),
    addver: await server.key({ org, mode, product: 'addver' }),
  });
}

/** A caller that sends these keys (the operator API gets the operator token). */
export function callerWithKeys(server: TestServer, keys: Record<'print-mail' | 'addver', string>): Caller {
  const credentials = (path: string): Record<string, string> => {
    const realm = realmOf(path);
    if (realm === 'operator') return { authorization: `Bearer ${OPERATOR_TOKEN}` };
    if (realm === 'print-mail' || realm === 'addver') return { 'x-api-key': keys[realm] };
    return {};
  };
  return {
    credentials,
    async send(method, path, body = {}) {
      const headers = credentials(path);
      let payload: string | FormData | undefined;
      if (body.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body.json);
      } else payload = body.multipart;
      const res = await fetch(server.url + path, { method, headers, body: payload });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed, text };
    },
  };
}

export interface Api {
  ops: Operation[];
  resources: Resource[];
}

export async function apiOf(server: TestServer): Promise<Api> {
  const ops = operationsOf(await fetchOpenApi(server.url));
  return { ops, resources: resourcesOf(ops) };
}

/** Path values of seeded resources for every placeholder the operations use ('x' where none can be had). */
async function pathValuesFor(api: Api, seeds: Seeder, op: Operation): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const param of pathParams(op.path)) {
    const resource = resourceOfParam(api.resources, op.path, param);
    // A seed that fails is a missing or stale valid body: loud. An empty list-only collection is not.
    out[param] = resource
      ? await seeds.id(resource.collection).catch((err) => {
          if (err instanceof NothingListed) return 'x';
          throw err;
        })
      : 'x';
  }
  return out;
}

/**
 * The fuzz target on a started test server: organization `fuzz`'s test and live keys, its
 * seeded resources in the paths, the valid-body table's bodies as the creates' bases.
 */
export async function fuzzTarget(server: TestServer, api: Api): Promise<Target> {
  const test = await callerOf(server, 'fuzz', 'test');
  const live = await callerOf(server, 'fuzz', 'live');
  const seeds = seeder(api.resources, (m, p, b) => test.send(m, p, b));
  // Collections without a create (events) list what the creates made: those come last.
  for (const r of api.resources.filter((r) => r.create).concat(api.resources.filter((r) => !r.create)))
    await pathValuesFor(api, seeds, { method: 'GET', path: `${r.collection}/{seeded}`, params: [] });
  const bases = new Map<Operation, Base>();
  for (const op of api.ops) {
    const base = defaultBase(op, await pathValuesFor(api, seeds, op));
    const entry = op.method === 'POST' ? VALID_BODIES[op.path] : undefined;
    if (entry) {
      const req = await entry({ id: seeds.id });
      if (req.json && typeof req.json === 'object') base.body = req.json as Record<string, unknown>;
    }
    bases.set(op, base);
  }
  const snapshot = await rowCounter(server.runtime.db.pool, server.schema);
  return {
    baseUrl: server.url,
    credentials: (op, mode) => (mode === 'live' ? live : test).credentials(op.path),
    base: (op) => bases.get(op)!,
    snapshot,
  };
}
