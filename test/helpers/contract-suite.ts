import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Product } from '../../src/platform/auth/api-key.js';
import type { TestServer } from './harness.js';

/**
 * The contract every resource shares: create/get/list shape, 404s, id prefixes, the auth
 * matrix, test/live and cross-organization isolation, delete. A resource test calls this
 * with how to create one of its kind and then tests only what is special about it.
 */
export interface ResourceContract {
  /** The `object` value, e.g. `contact`. */
  object: string;
  /** Collection path, e.g. `/print-mail/v1/contacts`. */
  path: string;
  idPrefix: string;
  product: Product;
  /** Creates one resource over HTTP with this key and returns its body. */
  create(server: TestServer, key: string): Promise<{ id: string }>;
  /** `removes`: DELETE answers {id, object, deleted}; `cancels`: orders; false: no delete. */
  deletion: 'removes' | 'cancels' | false;
  /**
   * A collection inside another resource (a mailbox's items): for another organization or
   * mode its parent does not exist, so its list is a 404 rather than a list without the item.
   */
  nested?: boolean;
}

/** Every key path of a JSON value in the order it is written (`a`, `a.b`, `c.0.d`, ...). */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...keyPaths(v, `${prefix}${k}.`)]);
}

export function resourceContract(server: () => TestServer, c: ResourceContract): void {
  describe(`${c.object} contract`, () => {
    let key: string;
    const org = `contract-${c.object}`;
    before(async () => {
      key = await server().key({ org, product: c.product });
    });

    test('create answers 201-shaped resource that GET returns unchanged', async () => {
      const created = await c.create(server(), key);
      assert.match(created.id, new RegExp(`^${c.idPrefix}_[1-9A-HJ-NP-Za-km-z]{22}$`));
      const got = await server().request('GET', `${c.path}/${created.id}`, { key });
      assert.equal(got.status, 200);
      assert.equal(got.body.object, c.object);
      assert.equal(got.body.live, false);
      assert.deepEqual(got.body, created);
      // One object, one shape: the same keys in the same order, created and read back.
      assert.deepEqual(keyPaths(got.body), keyPaths(created));
      const listed = await server().request('GET', `${c.path}?limit=100`, { key });
      const item = listed.body.data?.find((d: { id: string }) => d.id === created.id);
      if (item) assert.deepEqual(keyPaths(item), keyPaths(got.body));
    });

    test('list is newest first with totalCount, and pages with skip/limit', async () => {
      const a = await c.create(server(), key);
      const b = await c.create(server(), key);
      const first = await server().request('GET', `${c.path}?limit=1`, { key });
      assert.equal(first.status, 200);
      assert.equal(first.body.object, 'list');
      assert.equal(first.body.limit, 1);
      assert.equal(first.body.skip, 0);
      assert.ok(first.body.totalCount >= 2);
      assert.equal(first.body.data[0].id, b.id);
      const second = await server().request('GET', `${c.path}?limit=1&skip=1`, { key });
      assert.equal(second.body.data[0].id, a.id);
      assert.equal(second.body.totalCount, first.body.totalCount);
    });

    test('unknown id is 404 not_found_error; an id of another kind is 400 naming id', async () => {
      const missing = await server().request('GET', `${c.path}/${c.idPrefix}_1111111111111111111111`, {
        key,
      });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.type, 'not_found_error');
      const wrong = await server().request('GET', `${c.path}/wrongkind_123`, { key });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.error.type, 'validation_error');
      assert.match(wrong.body.error.message, /\bid\b/);
    });

    test('auth matrix: no key, unknown key, other product, public key', async () => {
      const none = await server().request('GET', c.path);
      assert.equal(none.status, 401);
      assert.equal(none.body.error.type, 'missing_auth_error');
      const unknown = await server().request('GET', c.path, { key: 'test_sk_1111111111111111111111111111' });
      assert.equal(unknown.status, 401);
      assert.equal(unknown.body.error.type, 'missing_auth_error');
      const otherProduct = c.product === 'print-mail' ? 'addver' : 'print-mail';
      const wrongKey = await server().key({ org, product: otherProduct });
      const wrong = await server().request('GET', c.path, { key: wrongKey });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.error.type, 'permission_missing_error');
      assert.match(wrong.body.error.message, /key/);
      if (c.product === 'print-mail') {
        const publicKey = await server().key({ org, product: c.product, kind: 'public' });
        const pub = await server().request('GET', c.path, { key: publicKey });
        assert.equal(pub.status, 401);
        assert.equal(pub.body.error.type, 'permission_missing_error');
        assert.match(pub.body.error.message, /secret/);
      }
    });

    test('test and live data never mix; other organizations see nothing', async () => {
      const created = await c.create(server(), key);
      const liveKey = await server().key({ org, mode: 'live', product: c.product });
      const otherOrgKey = await server().key({ org: `${org}-other`, product: c.product });
      for (const k of [liveKey, otherOrgKey]) {
        const got = await server().request('GET', `${c.path}/${created.id}`, { key: k });
        assert.equal(got.status, 404);
        const list = await server().request('GET', `${c.path}?limit=100`, { key: k });
        if (c.nested) assert.equal(list.status, 404);
        else assert.ok(!list.body.data.some((r: { id: string }) => r.id === created.id));
        if (c.deletion) {
          const del = await server().request('DELETE', `${c.path}/${created.id}`, { key: k });
          assert.equal(del.status, 404);
        }
      }
      const still = await server().request('GET', `${c.path}/${created.id}`, { key });
      assert.equal(still.status, 200);
    });

    if (c.deletion === 'removes') {
      test('delete answers {id, object, deleted} and the resource is gone', async () => {
        const created = await c.create(server(), key);
        const del = await server().request('DELETE', `${c.path}/${created.id}`, { key });
        assert.equal(del.status, 200);
        assert.deepEqual(del.body, { id: created.id, object: c.object, deleted: true });
        const got = await server().request('GET', `${c.path}/${created.id}`, { key });
        assert.equal(got.status, 404);
        const again = await server().request('DELETE', `${c.path}/${created.id}`, { key });
        assert.equal(again.status, 404);
      });
    }

    if (c.deletion === 'cancels') {
      test('delete cancels: the full order, status cancelled, reason user_initiated; only once', async () => {
        const created = await c.create(server(), key);
        const del = await server().request('DELETE', `${c.path}/${created.id}`, { key });
        assert.equal(del.status, 200);
        assert.equal(del.body.id, created.id);
        assert.equal(del.body.object, c.object);
        assert.equal(del.body.status, 'cancelled');
        assert.equal(del.body.cancellation.reason, 'user_initiated');
        const got = await server().request('GET', `${c.path}/${created.id}`, { key });
        assert.equal(got.body.status, 'cancelled');
        const again = await server().request('DELETE', `${c.path}/${created.id}`, { key });
        assert.equal(again.status, 422);
        assert.equal(again.body.error.type, 'order_not_cancellable_error');
      });
    }
  });
}
