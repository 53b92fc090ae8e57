import { fillPath, pathParams, type Resource, resourceOfParam } from './openapi.js';
import { VALID_BODIES } from './valid-bodies.js';

/**
 * Seeds resources through their create operations with the valid-body table: one per
 * collection and caller, made on demand (a parent first: a report before its export).
 */

export interface Answer {
  status: number;
  body: any;
  text: string;
}

/** Sends a request as one caller (the credentials of the path's realm are its business). */
export type Sender = (
  method: string,
  path: string,
  body: { json?: unknown; multipart?: FormData },
) => Promise<Answer>;

/** The create operations in /openapi.json that have no line in the valid-body table. */
export function missingValidBodies(resources: Resource[]): string[] {
  return resources.filter((r) => r.create && !VALID_BODIES[r.collection]).map((r) => `POST ${r.collection}`);
}

/** A collection without a create whose list is empty (nothing has made one yet). */
export class NothingListed extends Error {}

export interface Seeder {
  /** The id of this caller's seeded resource of `collection` (created once). */
  id(collection: string): Promise<string>;
  /** Creates another one (for a suite that needs its own). */
  create(collection: string): Promise<string>;
  /** The filled path of a template whose placeholders name seeded resources. */
  path(template: string): Promise<string>;
}

export function seeder(resources: Resource[], sendRequest: Sender): Seeder {
  const made = new Map<string, Promise<string>>();
  const id = (collection: string) => {
    if (!made.has(collection)) made.set(collection, create(collection));
    return made.get(collection)!;
  };

  async function values(template: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const param of pathParams(template)) {
      const parent = resourceOfParam(resources, template, param);
      if (!parent) throw new Error(`{${param}} of ${template} names no collection in /openapi.json`);
      out[param] = await id(parent.collection);
    }
    return out;
  }

  async function create(collection: string): Promise<string> {
    const resource = resources.find((r) => r.collection === collection);
    if (!resource?.create) {
      // A collection without a create (events, a webhook's invocations): an item of its list.
      if (!resource?.list) throw new Error(`${collection} has neither a create nor a list in /openapi.json`);
      const listed = await sendRequest('GET', `${await path(collection)}?limit=1`, {});
      const first = listed.body?.data?.[0]?.id;
      if (listed.status !== 200 || !first)
        throw new NothingListed(`GET ${collection} lists nothing to use: ${listed.text}`);
      return first;
    }
    const entry = VALID_BODIES[collection];
    if (!entry)
      throw new Error(`POST ${collection} has no valid body: add it to test/fuzz/support/valid-bodies.ts`);
    const req = await entry({ id });
    const res = await sendRequest('POST', await path(collection), {
      json: req.json,
      multipart: req.multipart?.(),
    });
    if (res.status >= 300) throw new Error(`seeding POST ${collection} answered ${res.status}: ${res.text}`);
    return req.idOf ? req.idOf(res.body) : res.body.id;
  }

  async function path(template: string): Promise<string> {
    return fillPath(template, await values(template));
  }

  return { id, create, path };
}
