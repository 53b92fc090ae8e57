import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestServer } from './harness.js';

/** Polls an order until `done` holds (renders take a moment), or fails after `timeoutMs`. */
export async function waitForOrder(
  server: TestServer,
  key: string,
  path: string,
  id: string,
  done: (order: any) => boolean = (o) => Boolean(o.url) || o.status === 'cancelled',
  timeoutMs = 30_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('GET', `${path}/${id}`, { key });
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`${id} not done in time: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A JSON body as multipart form fields with bracket keys (`to[firstName]`), as real clients send it. */
export function multipartOf(body: Record<string, unknown>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  const add = (prefix: string, value: unknown): void => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${prefix}[${k}]`, v);
    else form.append(prefix, String(value));
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  for (const [field, bytes] of Object.entries(files))
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${field}.pdf`);
  return form;
}

/**
 * One test per case (a patch, or a function making it when the test runs, for values made in
 * `before`): the body with `patch` applied is a 400 validation_error whose message
 * matches, and the organization (a fresh one) has no order afterwards: nothing half-written.
 */
type Patch = Record<string, unknown>;

export function badInputCases(
  server: () => TestServer,
  path: string,
  body: () => Record<string, unknown>,
  cases: Array<[string, Patch | (() => Patch), RegExp]>,
): void {
  for (const [name, makePatch, message] of cases) {
    test(`400: ${name}`, async () => {
      const key = await server().key({ org: `bad-input-${path.split('/').pop()}` });
      const patch = typeof makePatch === 'function' ? makePatch() : makePatch;
      const res = await server().request('POST', path, { key, json: { ...body(), ...patch } });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, message);
      assert.equal((await server().request('GET', path, { key })).body.totalCount, 0);
    });
  }
}
