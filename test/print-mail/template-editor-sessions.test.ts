import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { JobContext } from '../../src/api/job-definition.js';
import { sweepTemplateEditorSessions } from '../../src/api/print-mail/template-editor-sessions/sweep-editor-sessions.job.js';
import { setOrganizationDisabled } from '../../src/platform/auth/organizations.repo.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, statusOf, type TestServer } from '../helpers/harness.js';
import { pdfText } from '../helpers/letters.js';

const PATH = '/print-mail/v1/template_editor_sessions';
const TEMPLATES = '/print-mail/v1/templates';
const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'editor-sessions-org' });
});
after(() => server.close());

async function newTemplate(k = key, html = '<h1>Hello {{firstName}}</h1>'): Promise<string> {
  const res = await server.request('POST', TEMPLATES, { key: k, json: { html, description: 'editor test' } });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

async function newSession(json: Record<string, unknown>, k = key) {
  const res = await server.request('POST', PATH, { key: k, json });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const post = (url: string, json: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
const templateHtml = async (id: string, k = key) =>
  (await server.request('GET', `${TEMPLATES}/${id}`, { key: k })).body.html;
const sessionCount = async () =>
  (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM template_editor_sessions')).rows[0].n;

resourceContract(() => server, {
  object: 'template_editor_session',
  path: PATH,
  idPrefix: 'template_editor_session',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const template = await newTemplate(k);
    const res = await s.request('POST', PATH, { key: k, json: { template, title: 'Contract' } });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('template editor sessions', () => {
  test('create answers the SDK shape: a url under the public URL, valid 24 hours; several per template', async () => {
    const template = await newTemplate();
    const a = await newSession({
      template,
      backURL: 'https://app.example.com/templates',
      title: 'Edit the welcome letter',
      styles: { saveButton: { backgroundColor: '#112233', textColor: 'white' } },
      trackers: 'none',
    });
    assert.match(a.id, /^template_editor_session_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.equal(a.object, 'template_editor_session');
    assert.equal(a.live, false);
    assert.equal(a.template, template);
    assert.equal(a.backURL, 'https://app.example.com/templates');
    assert.equal(a.title, 'Edit the welcome letter');
    assert.deepEqual(a.styles, { saveButton: { backgroundColor: '#112233', textColor: 'white' } });
    assert.equal(a.trackers, 'none');
    assert.match(a.url, new RegExp(`^${server.url}/editor/[A-Za-z0-9_-]{43}$`));
    assert.equal(Date.parse(a.expiresAt) - Date.parse(a.createdAt), DAY_MS);

    const b = await newSession({ template });
    assert.notEqual(b.url, a.url);
    for (const s of [a, b]) assert.equal(await statusOf(s.url), 200);
    const search = encodeURIComponent(JSON.stringify({ template }));
    const list = await server.request('GET', `${PATH}?search=${search}`, { key });
    assert.deepEqual(
      list.body.data.map((s: { id: string }) => s.id),
      [b.id, a.id],
    );
    assert.equal(list.body.data[1].url, a.url, 'a list answers each url as create did');
  });

  test('bad input is a 400 naming the field, and nothing is written', async () => {
    const template = await newTemplate();
    const otherOrgTemplate = await newTemplate(await server.key({ org: 'editor-other-org' }));
    const tracker = '1111111111111111111111';
    const before = await sessionCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'template'],
      [{ template: 'tracker_1111111111111111111111' }, 'template'],
      [{ template: 'template_1111111111111111111111' }, 'template'],
      [{ template: otherOrgTemplate }, 'template'],
      [{ template, backURL: 'javascript:alert(1)' }, 'backURL'],
      [{ template, backURL: 'not a url' }, 'backURL'],
      [{ template, trackers: [`tracker_${tracker}`] }, 'trackers'],
      [{ template, trackers: ['everything'] }, 'trackers'],
      [{ template, trackers: 'some' }, 'trackers'],
      [{ template, styles: { canvas: { backgroundColor: 'red;} body{display:none' } } }, 'styles'],
      [{ template, title: 'x'.repeat(201) }, 'title'],
    ];
    for (const [json, field] of cases) {
      const res = await server.request('POST', PATH, { key, json });
      assert.equal(res.status, 400, `${JSON.stringify(json)}: ${res.text}`);
      assert.equal(res.body.error.type, 'validation_error');
      assert.match(res.body.error.message, new RegExp(field), JSON.stringify(json));
    }
    assert.equal(await sessionCount(), before);
  });

  test('the token is never stored: a hash finds the session, a sealed copy answers reads; a replay has no url', async () => {
    const template = await newTemplate();
    const headers = { 'idempotency-key': 'editor-session-1' };
    const made = await server.request('POST', PATH, { key, json: { template }, headers });
    const token = tokenOf(made.body.url);
    const row = (
      await server.runtime.db.pool.query(
        'SELECT to_jsonb(s)::text AS everything, token_hash FROM template_editor_sessions s WHERE id = $1',
        [made.body.id],
      )
    ).rows[0];
    assert.ok(!row.everything.includes(token), 'no column holds the token');
    assert.equal(row.token_hash.toString('hex'), createHash('sha256').update(token).digest('hex'));
    const stored = await server.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE response LIKE $1',
      [`%${token}%`],
    );
    assert.equal(stored.rows[0].n, 0, 'nor does the idempotency store');

    const replay = await server.request('POST', PATH, { key, json: { template }, headers });
    assert.equal(replay.status, 201);
    assert.equal(replay.body.id, made.body.id);
    assert.equal(replay.body.url, undefined);
    assert.equal((await server.request('GET', `${PATH}/${made.body.id}`, { key })).body.url, made.body.url);
  });

  test('the page: HTML with the template in it, framable on purpose, scripts from Postroom only', async () => {
    const template = await newTemplate(key, '<p class="x">Dear {{firstName}} </script><b>&amp;</b></p>');
    const session = await newSession({ template, title: 'Fall <mailer>' });
    const res = await fetch(session.url);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors \*/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /default-src 'none'/);
    assert.equal(res.headers.get('x-frame-options'), null);
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const page = await res.text();
    assert.match(page, /<title>Fall &#60;mailer&#62; · Template editor<\/title>/);
    assert.doesNotMatch(page, /<\/script><b>/, 'the template cannot close the config element');
    const config = JSON.parse(
      /<script type="application\/json" id="editor-config">(.*?)<\/script>/s.exec(page)![1],
    );
    assert.equal(config.html, '<p class="x">Dear {{firstName}} </script><b>&amp;</b></p>');
    assert.equal(config.previewUrl, `/editor/${tokenOf(session.url)}/preview`);
    assert.doesNotMatch(page, /<script>/, 'no inline script');

    const script = await fetch(`${server.url}/editor/assets/editor.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.ok((await script.text()).length > 100_000, 'CodeMirror is bundled in');
    const etag = script.headers.get('etag')!;
    const again = await fetch(`${server.url}/editor/assets/editor.js`, {
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.status, 304);
    const css = await fetch(`${server.url}/editor/assets/editor.css`);
    assert.equal(css.status, 200);
    assert.match(await css.text(), /--save-bg/);
  });

  test('a framing policy other than * comes from the configuration', async () => {
    const framed = await startTestServer({ editorFrameAncestors: "'self' https://app.example.com" });
    try {
      const k = await framed.key({ org: 'frames' });
      const t = await framed.request('POST', TEMPLATES, { key: k, json: { html: '<p>x</p>' } });
      const s = await framed.request('POST', PATH, { key: k, json: { template: t.body.id } });
      const res = await fetch(s.body.url);
      assert.match(
        res.headers.get('content-security-policy') ?? '',
        /frame-ancestors 'self' https:\/\/app\.example\.com$/,
      );
    } finally {
      await framed.close();
    }
  });

  test('preview: the edited HTML rendered by the render engine over sample values', async () => {
    const session = await newSession({ template: await newTemplate() });
    const res = await post(`${session.url}/preview`, {
      html: '<h1>Hi {{firstName}} / {{to.firstName}} / {{offer.code}}</h1>',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    assert.match(text, /Hi \[firstName\] \/ Jane \/ \[offer\.code\]/);
    assert.match(text, /JANE SAMPLE/, 'the sample recipient is stamped as on a letter');

    const broken = await post(`${session.url}/preview`, { html: '<p>{{#if x}}open</p>' });
    assert.equal(broken.status, 400);
    const body = await broken.json();
    assert.equal(body.error.type, 'validation_error');
    assert.match(body.error.message, /^html /);
  });

  test('save replaces the template HTML as POST /templates/{id} does; a bad template changes nothing', async () => {
    const template = await newTemplate();
    const before = (await server.request('GET', `${TEMPLATES}/${template}`, { key })).body;
    const session = await newSession({ template });
    const bad = await post(`${session.url}/save`, { html: '<p>{{#each}}</p>' });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error.message, /^html /);
    assert.equal(await templateHtml(template), before.html);

    const res = await post(`${session.url}/save`, { html: '<p>Saved {{firstName}}</p>' });
    assert.equal(res.status, 200);
    const after = (await server.request('GET', `${TEMPLATES}/${template}`, { key })).body;
    assert.equal(after.html, '<p>Saved {{firstName}}</p>');
    assert.equal(after.description, before.description, 'only the HTML changes');
    assert.ok(after.updatedAt > before.updatedAt);
  });

  test('a tampered or deleted session link is 401 and changes nothing', async () => {
    const template = await newTemplate();
    const session = await newSession({ template });
    const token = tokenOf(session.url);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, 'short', `${token}x`]) {
      const url = `${server.url}/editor/${bad}`;
      assert.equal(await statusOf(url), 401, bad);
      const save = await post(`${url}/save`, { html: '<p>hijacked</p>' });
      assert.equal(save.status, 401);
      assert.equal((await save.json()).error.type, 'missing_auth_error');
      assert.equal((await post(`${url}/preview`, { html: '<p>x</p>' })).status, 401);
    }
    const del = await server.request('DELETE', `${PATH}/${session.id}`, { key });
    assert.deepEqual(del.body, { id: session.id, object: 'template_editor_session', deleted: true });
    assert.equal(await statusOf(session.url), 401);
    assert.equal((await post(`${session.url}/save`, { html: '<p>hijacked</p>' })).status, 401);
    assert.equal(await templateHtml(template), '<h1>Hello {{firstName}}</h1>');
  });

  test('deleting the template deletes its sessions and closes their links', async () => {
    const template = await newTemplate();
    const session = await newSession({ template });
    await server.request('DELETE', `${TEMPLATES}/${template}`, { key });
    assert.equal((await server.request('GET', `${PATH}/${session.id}`, { key })).status, 404);
    assert.equal(await statusOf(session.url), 401);
  });

  test("a disabled organization's links open nothing, as its keys do", async () => {
    const k = await server.key({ org: 'editor-disabled-org' });
    const session = await newSession({ template: await newTemplate(k) }, k);
    const pool = server.runtime.db.pool;
    const org = (await pool.query('SELECT id FROM organizations WHERE name = $1', ['editor-disabled-org']))
      .rows[0].id;
    await setOrganizationDisabled(pool, org, true);
    assert.equal(await statusOf(session.url), 401);
    assert.equal((await post(`${session.url}/save`, { html: '<p>x</p>' })).status, 401);
    await setOrganizationDisabled(pool, org, false);
    assert.equal(await statusOf(session.url), 200);
  });

  // Last: it moves the server's clock a day on.
  test('after 24 hours the link is 410 and saves nothing; reads drop it and the sweep deletes it', async () => {
    const template = await newTemplate();
    const session = await newSession({ template });
    const otherKey = await server.key({ org: 'editor-sweep-org' });
    const other = await newSession({ template: await newTemplate(otherKey) }, otherKey);
    server.clock.advance(DAY_MS + 1000);

    const page = await fetch(session.url);
    assert.equal(page.status, 410);
    assert.match(await page.text(), /expired/);
    const save = await post(`${session.url}/save`, { html: '<p>too late</p>' });
    assert.equal(save.status, 410);
    assert.equal((await save.json()).error.type, 'editor_session_expired_error');
    assert.equal((await post(`${session.url}/preview`, { html: '<p>x</p>' })).status, 410);
    assert.equal(await templateHtml(template), '<h1>Hello {{firstName}}</h1>');

    const list = await server.request('GET', `${PATH}?limit=100`, { key });
    assert.ok(!list.body.data.some((s: { id: string }) => s.id === session.id));
    assert.equal((await server.request('GET', `${PATH}/${session.id}`, { key })).status, 404);
    assert.equal(await statusOf(session.url), 401, 'once deleted, the link opens nothing');

    // The other organization's expired session is still a row until the sweep runs.
    const exists = (id: string) =>
      server.runtime.db.pool
        .query('SELECT 1 FROM template_editor_sessions WHERE id = $1', [id])
        .then((r) => r.rowCount === 1);
    assert.equal(await exists(other.id), true);
    const fresh = await newSession({ template }); // made after the clock moved: still valid
    const ctx = { pool: server.runtime.db.pool, clock: server.clock, log: () => {} } as unknown as JobContext;
    await sweepTemplateEditorSessions.run({}, ctx);
    assert.equal(await exists(other.id), false);
    assert.equal(await exists(fresh.id), true);
    assert.equal(await statusOf(fresh.url), 200);
  });
});
