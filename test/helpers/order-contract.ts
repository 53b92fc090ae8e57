import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { OrderKindName } from '../../src/api/print-mail/orders/order-kinds.js';
import { hashKey } from '../../src/platform/auth/api-key.js';
import { resourceContract } from './contract-suite.js';
import { startTestServer, statusOf, type TestServer } from './harness.js';
import { fetchPdf, pdfPages, pdfText, serveFiles } from './letters.js';
import { multipartOf, waitForOrder } from './orders.js';
import { commandOf, descendants, stillRunning } from './process-tree.js';
import { spawnWorker } from './spawn-worker.js';

/**
 * The contract every order kind shares, run over HTTP with real Chromium: the resource
 * contract (list, get, 404s, auth, test/live and organization isolation, DELETE cancels),
 * `<kind>.created` and `.updated` events, every content source, cancellation, progressions,
 * /url before and after the render, unprintable content, and a worker killed mid-render.
 * A kind's test file calls it with how to make one of its orders and tests what is its own.
 */
export interface OrderContract {
  object: OrderKindName;
  /** Collection path, e.g. `/print-mail/v1/postcards`. */
  path: string;
  /** Where its PDFs are stored, under the blob store: `<table>/test/<id>.pdf`. */
  table: string;
  /** A create body with HTML content whose printed text includes "Z-42" (merged from {{code}}). */
  htmlBody(ctx: Prepared): Record<string, unknown>;
  /** The same content from templates, made with `template(html)`. */
  templateBody(template: (html: string) => Promise<string>, ctx: Prepared): Promise<Record<string, unknown>>;
  /** The create body's fields besides `pdf` for PDF content (the suite adds it as a URL or a file). */
  pdfBody(ctx: Prepared): Record<string, unknown>;
  /** A content PDF the kind accepts; its text includes "Supplied". */
  contentPdf(): Promise<Buffer>;
  /** A body the create accepts whose content cannot be printed: the order is cancelled. */
  unprintable(ctx: Prepared): Record<string, unknown>;
  /** Pages of the PDF rendered from htmlBody and from contentPdf. */
  pages: { html: number; pdf: number };
  /** The field a content PDF goes in (default `pdf`; a cheque's letter: `letterPDF`). */
  pdfField?: string;
  /** Whether a PDF given as content is linked as `uploadedPDF` (default true). */
  linksUploadedPdf?: boolean;
  /** What every create of an organization and mode needs, made once for it (a bank account), given to the bodies. */
  prepare?(server: TestServer, key: string): Promise<Prepared>;
  /** The content sources the kind has (default all of them; a box has only its cheques). */
  sources?: readonly Source[];
  /** Whether htmlBody's render runs Chromium (default true; a box is drawn with pdf-lib alone). */
  usesChromium?: boolean;
}

export type Prepared = Record<string, any>;
const SOURCES = ['html', 'template', 'pdf URL', 'pdf upload', 'pdf base64'] as const;
type Source = (typeof SOURCES)[number];
type Body = Record<string, unknown>;

export function orderContract(server: () => TestServer, c: OrderContract): void {
  const prepared = new Map<string, Promise<Prepared>>();
  const contextFor = (s: TestServer, key: string) => {
    const at = `${s.url} ${key}`;
    if (!prepared.has(at)) prepared.set(at, c.prepare?.(s, key) ?? Promise.resolve({}));
    return prepared.get(at)!;
  };
  /** Creates one order with the body `build` makes from the organization's prepared context. */
  const create = async (s: TestServer, key: string, build: (ctx: Prepared) => Body | Promise<Body>) => {
    const json = await build(await contextFor(s, key));
    const res = await s.request('POST', c.path, { key, json });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  const pdfField = c.pdfField ?? 'pdf';

  resourceContract(server, {
    object: c.object,
    path: c.path,
    idPrefix: c.object,
    product: 'print-mail',
    deletion: 'cancels',
    create: (s, key) => create(s, key, c.htmlBody),
  });

  describe(`${c.object} order contract`, () => {
    let key: string;
    let files: Awaited<ReturnType<typeof serveFiles>>;
    const wait = (id: string, done?: (o: any) => boolean) => waitForOrder(server(), key, c.path, id, done);
    const eventsOf = async (id: string) => {
      const res = await server().request('GET', '/print-mail/v1/events?limit=100', { key });
      return res.body.data.filter((e: any) => e.data.id === id).reverse();
    };

    before(async () => {
      key = await server().key({ org: `order-contract-${c.object}` });
      files = await serveFiles({ '/content.pdf': { body: await c.contentPdf(), type: 'application/pdf' } });
    });
    after(() => files.close());

    test(`create records ${c.object}.created with the order; the render records ${c.object}.updated with its url`, async () => {
      const order = await create(server(), key, c.htmlBody);
      assert.equal(order.status, 'ready');
      for (const field of ['imbStatus', 'imbDate', 'imbZipCode', 'trackingNumber'])
        assert.equal(order[field], null, `${field} is null until there is something to say`);
      await wait(order.id);
      const events = await eventsOf(order.id);
      assert.equal(events[0].type, `${c.object}.created`);
      assert.deepEqual(events[0].data, order);
      const rendered = events.find((e: any) => e.updatedFields?.includes('url'));
      assert.equal(rendered?.type, `${c.object}.updated`);
      assert.equal(rendered.data.pageCount, c.pages.html);
    });

    test('every content source renders: HTML, templates, a PDF by URL, uploaded and in base64', async () => {
      const template = async (html: string) =>
        (await server().request('POST', '/print-mail/v1/templates', { key, json: { html } })).body.id;
      const sources: Array<[Source, () => Promise<any>]> = [
        ['html', () => create(server(), key, c.htmlBody)],
        ['template', () => create(server(), key, (ctx) => c.templateBody(template, ctx))],
        [
          'pdf URL',
          () =>
            create(server(), key, (ctx) => ({ ...c.pdfBody(ctx), [pdfField]: `${files.url}/content.pdf` })),
        ],
        [
          'pdf upload',
          async () => {
            const fields = c.pdfBody(await contextFor(server(), key));
            const multipart = multipartOf(fields, { [pdfField]: await c.contentPdf() });
            const res = await server().request('POST', c.path, { key, multipart });
            assert.equal(res.status, 201, res.text);
            return res.body;
          },
        ],
        [
          // The file itself in the JSON body, as the OpenAPI's `format: byte` and the Python SDK send it.
          'pdf base64',
          async () => {
            const base64 = (await c.contentPdf()).toString('base64');
            return create(server(), key, (ctx) => ({ ...c.pdfBody(ctx), [pdfField]: base64 }));
          },
        ],
      ];
      for (const [source, make] of sources.filter(([name]) => (c.sources ?? SOURCES).includes(name))) {
        const created = await make();
        const order = await wait(created.id);
        assert.ok(order.url, `${source}: rendered, not ${JSON.stringify(order.cancellation)}`);
        const pdf = await fetchPdf(order.url);
        const fromPdf = source.startsWith('pdf');
        assert.equal((await pdfPages(pdf)).length, fromPdf ? c.pages.pdf : c.pages.html, source);
        assert.equal(order.pageCount, fromPdf ? c.pages.pdf : c.pages.html, source);
        assert.match(await pdfText(pdf), fromPdf ? /Supplied/ : /Z-42/, source);
        if (fromPdf && c.linksUploadedPdf !== false)
          assert.equal(await statusOf(order.uploadedPDF), 200, `${source}: uploadedPDF`);
        else assert.equal(order.uploadedPDF, undefined);
      }
    });

    test('cancellation with a note while ready; a second cancel is 422', async () => {
      const order = await create(server(), key, c.htmlBody);
      const noted = await server().request('POST', `${c.path}/${order.id}/cancellation`, {
        key,
        json: { note: 'wrong list' },
      });
      assert.equal(noted.status, 200, noted.text);
      assert.equal(noted.body.object, c.object);
      // cancelledByUser: the API key that cancelled it
      const keyId = (
        await server().runtime.db.pool.query('SELECT id FROM api_keys WHERE hash = $1', [hashKey(key)])
      ).rows[0].id;
      assert.deepEqual(noted.body.cancellation, {
        reason: 'user_initiated',
        note: 'wrong list',
        cancelledByUser: keyId,
      });
      for (const again of [
        server().request('POST', `${c.path}/${order.id}/cancellation`, { key, json: {} }),
        server().request('DELETE', `${c.path}/${order.id}`, { key }),
      ]) {
        const res = await again;
        assert.equal(res.status, 422);
        assert.equal(res.body.error.type, 'order_not_cancellable_error');
      }
      const events = await eventsOf(order.id);
      const cancelled = events.find((e: any) => e.data.status === 'cancelled');
      assert.equal(cancelled.type, `${c.object}.updated`);
      assert.deepEqual(cancelled.updatedFields.sort(), ['cancellation', 'status']);
    });

    test('progressions step ready → printing → processed_for_delivery → completed in test mode only', async () => {
      const order = await create(server(), key, c.htmlBody);
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const res = await server().request('POST', `${c.path}/${order.id}/progressions`, { key });
        assert.equal(res.status, 200, res.text);
        seen.push(res.body.status);
      }
      assert.deepEqual(seen, ['printing', 'processed_for_delivery', 'completed']);
      const done = await server().request('POST', `${c.path}/${order.id}/progressions`, { key });
      assert.equal(done.status, 422);
      assert.equal(done.body.error.type, 'invalid_progression_error');
      const cancelLate = await server().request('DELETE', `${c.path}/${order.id}`, { key });
      assert.equal(cancelLate.status, 422);
      const liveKey = await server().key({ org: `order-contract-${c.object}`, mode: 'live' });
      const live = await create(server(), liveKey, c.htmlBody);
      assert.equal(live.live, true);
      const refused = await server().request('POST', `${c.path}/${live.id}/progressions`, { key: liveKey });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.error.type, 'invalid_progression_error');
    });

    test('content that cannot be printed cancels the order with reason invalid_content and a note', async () => {
      const order = await create(server(), key, c.unprintable);
      const done = await wait(order.id);
      assert.equal(done.status, 'cancelled');
      assert.equal(done.cancellation.reason, 'invalid_content');
      assert.ok(done.cancellation.note.length > 10, done.cancellation.note);
      assert.equal(done.url, undefined);
    });

    test("another organization's or mode's order is a 404 on every order route", async () => {
      const order = await create(server(), key, c.htmlBody);
      const others = [
        await server().key({ org: `order-contract-${c.object}-other` }),
        await server().key({ org: `order-contract-${c.object}`, mode: 'live' }),
      ];
      for (const other of others) {
        for (const [method, suffix] of [
          ['GET', '/url'],
          ['POST', '/progressions'],
          ['POST', '/cancellation'],
        ] as const) {
          const body = method === 'POST' ? { json: {} } : {};
          const res = await server().request(method, `${c.path}/${order.id}${suffix}`, {
            key: other,
            ...body,
          });
          assert.equal(res.status, 404, `${method} ${suffix}`);
        }
      }
      assert.equal((await server().request('GET', `${c.path}/${order.id}`, { key })).body.status, 'ready');
    });
  });

  describe(`${c.object} order contract: renders elsewhere`, () => {
    // Renders happen only in a worker process this test starts and kills.
    const FAST_RECOVERY = { renderJobExpireSec: 15, jobMaintenanceSec: 3 };
    let paused: TestServer;
    let key: string;
    before(async () => {
      paused = await startTestServer(FAST_RECOVERY, { workers: false });
      key = await paused.key();
    });
    after(() => paused.close());

    test('/url answers the signed link before the render (it serves the PDF once there is one)', async () => {
      const order = await create(paused, key, c.htmlBody);
      const res = await paused.request('GET', `${c.path}/${order.id}/url`, { key });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.body).sort(), ['id', 'object', 'url']);
      assert.equal(res.body.object, `${c.object}_url`);
      assert.equal(await statusOf(res.body.url), 404, 'nothing to serve yet');
      assert.equal(order.url, undefined);
    });

    test('a worker killed with SIGKILL mid-render loses nothing; each order has one PDF', {
      timeout: 4 * 60_000,
    }, async () => {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push((await create(paused, key, c.htmlBody)).id);
      const before = await paused.request('GET', `${c.path}/${ids[0]}/url`, { key });
      const child = await spawnWorker(paused, {
        POSTROOM_RENDER_JOB_EXPIRE: String(FAST_RECOVERY.renderJobExpireSec),
        POSTROOM_JOB_MAINTENANCE_INTERVAL: String(FAST_RECOVERY.jobMaintenanceSec),
      });
      const wait = (id: string) => waitForOrder(paused, key, c.path, id, (o) => Boolean(o.url), 2 * 60_000);
      await wait(ids[0]); // rendering is under way
      // Chromium talks to the worker over a pipe and exits when it closes: no orphan browser.
      const browsers = descendants(child.pid!).filter((pid) => commandOf(pid).includes('chromium'));
      if (c.usesChromium !== false) assert.ok(browsers.length > 0, 'the worker runs Chromium');
      child.kill('SIGKILL');
      const orphans = await stillRunning(browsers, 30_000);
      for (const pid of orphans) process.kill(pid, 'SIGKILL'); // do not leak them into other tests
      assert.deepEqual(orphans, [], 'every Chromium process exits with its killed worker');
      await paused.restart({ workers: true });
      for (const id of ids) assert.ok((await wait(id)).url);
      // Every order of this server (the /url test's too) has one PDF and one url event.
      const all = (await paused.request('GET', `${c.path}?limit=100`, { key })).body.data.map(
        (o: any) => o.id,
      );
      for (const id of all) assert.ok((await wait(id)).url, `${id} rendered`);
      const dir = path.join(paused.runtime.config.dataDir, 'blobs', c.table, 'test');
      const pdfs = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
      assert.deepEqual(pdfs.sort(), all.map((id: string) => `${id}.pdf`).sort());
      const events = await paused.request('GET', '/print-mail/v1/events?limit=200', { key });
      const urlEvents = events.body.data.filter((e: any) => e.updatedFields?.includes('url'));
      assert.equal(urlEvents.length, all.length, 'one url event per order: none rendered twice');
      // The link given before the render now serves the PDF.
      assert.equal(await statusOf(before.body.url), 200);
    });
  });
}
