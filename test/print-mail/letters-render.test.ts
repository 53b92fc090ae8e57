import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, statusOf, type TestServer, tamperedLink } from '../helpers/harness.js';
import {
  fetchPdf,
  LETTERS,
  letterBody,
  makePdf,
  pdfPages,
  pdfText,
  serveFiles,
  waitForLetter,
} from '../helpers/letters.js';

let server: TestServer;
let key: string;
let files: Awaited<ReturnType<typeof serveFiles>>;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'render-org' });
  files = await serveFiles({
    '/two.pdf': { body: await makePdf('Remote', 2), type: 'application/pdf' },
    '/attach.pdf': { body: await makePdf('Attached'), type: 'application/pdf' },
    '/page.html': { body: '<html>not a pdf</html>', type: 'text/html' },
    '/a4.pdf': { body: await makePdf('Wrong size', 1, [595, 842]), type: 'application/pdf' },
  });
});
after(async () => {
  await files.close();
  await server.close();
});

/** Creates a letter, waits for its PDF and returns the letter and the PDF bytes. */
async function rendered(body: unknown, opts: { multipart?: FormData } = {}) {
  const res = opts.multipart
    ? await server.request('POST', LETTERS, { key, multipart: opts.multipart })
    : await server.request('POST', LETTERS, { key, json: body });
  assert.equal(res.status, 201, res.text);
  const letter = await waitForLetter(server, key, res.body.id);
  assert.ok(letter.url, `rendered: ${JSON.stringify(letter.cancellation)}`);
  return { letter, pdf: await fetchPdf(letter.url) };
}

const RECIPIENT_WINDOW = { x: 0.5, y: 2.0, w: 3.5, h: 1.0 };

describe('letters: rendered PDFs', () => {
  test('html: merged text, US letter page, recipient inside the window zone; url via /url too', async () => {
    const { letter, pdf } = await rendered(letterBody());
    assert.equal(letter.pageCount, 1);
    const pages = await pdfPages(pdf);
    assert.equal(pages.length, 1);
    assert.deepEqual([Math.round(pages[0].width), Math.round(pages[0].height)], [612, 792]);
    const text = await pdfText(pdf);
    assert.match(text, /Hello Alice, your code is Z-42\./);
    const window = await pdfText(pdf, { page: 1, crop: RECIPIENT_WINDOW });
    assert.match(window, /ALICE READER/);
    assert.match(window, /20 RECIPIENT WAY/);
    assert.match(window, /BOSTON MA 02114/);
    const url = await server.request('GET', `${LETTERS}/${letter.id}/url`, { key });
    assert.equal(url.status, 200);
    assert.equal(url.body.object, 'letter_url');
    assert.equal((await fetchPdf(url.body.url)).length, pdf.length);
  });

  test('signed links expire after 15 minutes and cannot be altered', async () => {
    const { letter } = await rendered(letterBody());
    const tampered = tamperedLink(letter.url);
    assert.equal(await statusOf(tampered), 404);
    server.clock.advance(16 * 60_000);
    assert.equal(await statusOf(letter.url), 404);
    const fresh = await server.request('GET', `${LETTERS}/${letter.id}`, { key });
    assert.notEqual(fresh.body.url, letter.url);
    assert.equal(await statusOf(fresh.body.url), 200);
  });

  test('template on A4', async () => {
    const t = await server.request('POST', '/print-mail/v1/templates', {
      key,
      json: { html: '<h1>Invoice for {{to.firstName}}</h1>{{#each items}}<p>{{this}}</p>{{/each}}' },
    });
    const { pdf } = await rendered({
      ...letterBody(),
      html: undefined,
      template: t.body.id,
      size: 'a4',
      mergeVariables: { items: ['Widget', 'Gadget'] },
    });
    const [page] = await pdfPages(pdf);
    assert.ok(
      Math.abs(page.width - 595.3) < 2 && Math.abs(page.height - 841.9) < 2,
      `A4: ${page.width}x${page.height}`,
    );
    assert.match(await pdfText(pdf), /Invoice for Alice.*Widget.*Gadget/);
  });

  test('PDF URL, with attachedPDF before; insert_blank_page adds an address page', async () => {
    const { letter, pdf } = await rendered({
      ...letterBody(),
      html: undefined,
      pdf: `${files.url}/two.pdf`,
      attachedPDF: { file: `${files.url}/attach.pdf`, placement: 'before_template' },
      addressPlacement: 'insert_blank_page',
    });
    assert.equal(letter.pageCount, 4);
    assert.equal(letter.attachedPDF.placement, 'before_template');
    const window = await pdfText(pdf, { page: 1, crop: RECIPIENT_WINDOW });
    assert.match(window, /ALICE READER/);
    const [, p2, p3, p4] = await Promise.all([1, 2, 3, 4].map((page) => pdfText(pdf, { page })));
    assert.match(p2, /Attached page 1/);
    assert.match(p3, /Remote page 1/);
    assert.match(p4, /Remote page 2/);
  });

  test('PDF upload (multipart) with attachedPDF after; uploadedPDF is a signed link', async () => {
    const form = new FormData();
    form.append('to[firstName]', 'Upload');
    form.append('to[addressLine1]', '9 Upload Rd');
    form.append('to[city]', 'Boston');
    form.append('to[provinceOrState]', 'MA');
    form.append('to[postalOrZip]', '02114');
    form.append('from[companyName]', 'Sender Co');
    form.append('from[addressLine1]', '1 Sender Plaza');
    form.append(
      'pdf',
      new Blob([new Uint8Array(await makePdf('Uploaded'))], { type: 'application/pdf' }),
      'mine.pdf',
    );
    form.append('attachedPDF[placement]', 'after_template');
    form.append(
      'attachedPDF[file]',
      new Blob([new Uint8Array(await makePdf('Appendix'))], { type: 'application/pdf' }),
      'a.pdf',
    );
    const { letter, pdf } = await rendered(null, { multipart: form });
    assert.equal(letter.pageCount, 2);
    assert.ok(letter.uploadedPDF);
    assert.equal(await statusOf(letter.uploadedPDF), 200);
    assert.match(await pdfText(pdf, { page: 1 }), /Uploaded page 1/);
    assert.match(await pdfText(pdf, { page: 2 }), /Appendix page 1/);
    assert.match(await pdfText(pdf, { page: 1, crop: RECIPIENT_WINDOW }), /UPLOAD/);

    // Lists carry the same links as GET one, read with the doc (pageCount with url), both
    // unfiltered (newest-first index) and searched (filtered path).
    for (const query of ['?limit=100', '?search=9%20upload%20rd']) {
      const list = await server.request('GET', `${LETTERS}${query}`, { key });
      assert.equal(list.status, 200, list.text);
      const listed = list.body.data.find((l: { id: string }) => l.id === letter.id);
      assert.ok(listed, `listed with ${query}`);
      assert.equal(listed.pageCount, 2);
      assert.equal(await statusOf(listed.url), 200);
      assert.equal(await statusOf(listed.uploadedPDF), 200);
    }
  });

  test('content that cannot be printed cancels the letter: invalid_content with the reason', async () => {
    const pages = '<div style="page-break-after: always">page</div>'.repeat(70);
    const res = await server.request('POST', LETTERS, { key, json: { ...letterBody(), html: pages } });
    assert.equal(res.status, 201);
    const letter = await waitForLetter(server, key, res.body.id);
    assert.equal(letter.status, 'cancelled');
    assert.equal(letter.cancellation.reason, 'invalid_content');
    assert.match(letter.cancellation.note, /page/);
    assert.equal(letter.url, undefined);
  });

  test('a mailing class that cannot post to the destination cancels: invalid_order_mailing_class', async () => {
    const refused = await server.request('POST', LETTERS, {
      key,
      json: letterBody({ mailingClass: 'ca_post_lettermail' }), // to Boston, US
    });
    assert.equal(refused.status, 201, refused.text);
    const letter = await waitForLetter(server, key, refused.body.id);
    assert.equal(letter.status, 'cancelled');
    assert.equal(letter.cancellation.reason, 'invalid_order_mailing_class');
    assert.match(letter.cancellation.note, /ca_post_lettermail .*Canadian.* US/);
    assert.equal(letter.url, undefined, 'nothing was rendered');
    // the same class to a Canadian address, and a US class to the US, are posted
    const toCanada = {
      ...letterBody().to,
      city: 'Ottawa',
      provinceOrState: 'ON',
      postalOrZip: 'K1A 0B1',
      countryCode: 'CA',
    };
    for (const body of [
      letterBody({ mailingClass: 'ca_post_lettermail', to: toCanada }),
      letterBody({ mailingClass: 'usps_first_class' }),
    ]) {
      await rendered(body);
    }
  });
});

describe('letters: supplied PDFs that are refused at create (400 naming the field)', () => {
  const bad = async (patch: Record<string, unknown>, multipart?: FormData) => {
    const res = multipart
      ? await server.request('POST', LETTERS, { key, multipart })
      : await server.request('POST', LETTERS, { key, json: { ...letterBody(), html: undefined, ...patch } });
    assert.equal(res.status, 400, res.text);
    return res.body.error.message as string;
  };

  test('not a PDF, wrong page size, missing, corrupt upload', async () => {
    assert.match(await bad({ pdf: `${files.url}/page.html` }), /^pdf .*not a PDF/);
    assert.match(await bad({ pdf: `${files.url}/a4.pdf` }), /^pdf .*page 1/);
    assert.match(await bad({ pdf: `${files.url}/missing.pdf` }), /^pdf .*404/);
    assert.match(
      await bad({
        html: '<p>x</p>',
        attachedPDF: { file: `${files.url}/page.html`, placement: 'after_template' },
      }),
      /^attachedPDF\.file /,
    );
    const form = new FormData();
    form.append('to[firstName]', 'Corrupt');
    form.append('to[addressLine1]', '1 Bad File Rd');
    form.append('from[companyName]', 'Sender Co');
    form.append('from[addressLine1]', '1 Sender Plaza');
    const garbage = new Uint8Array(Buffer.from('%PDF-1.7 garbage'));
    form.append('pdf', new Blob([garbage], { type: 'application/pdf' }), 'x.pdf');
    assert.match(await bad({}, form), /^pdf .*cannot be read/);
  });

  test('too big', async () => {
    const big = await serveFiles({
      '/big.pdf': { body: Buffer.alloc(21 * 1024 * 1024, 32), type: 'application/pdf' },
    });
    try {
      assert.match(await bad({ pdf: `${big.url}/big.pdf` }), /^pdf /);
    } finally {
      await big.close();
    }
  });

  test('private addresses are refused unless the operator allows them', async () => {
    const strict = await startTestServer({ allowPrivateUrls: false }, { workers: false });
    try {
      const k = await strict.key();
      const res = await strict.request('POST', LETTERS, {
        key: k,
        json: { ...letterBody(), html: undefined, pdf: `${files.url}/two.pdf` },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /^pdf .*private/);
    } finally {
      await strict.close();
    }
  });
});

describe('letters: durability', () => {
  test('letters accepted by a server that stops before rendering are rendered, once each, after restart', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      const k = await s.key();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await s.request('POST', LETTERS, { key: k, json: letterBody() });
        assert.equal(res.status, 201);
        ids.push(res.body.id);
      }
      await s.restart({ workers: true });
      for (const id of ids) assert.ok((await waitForLetter(s, k, id)).url);
      const dir = path.join(s.runtime.config.dataDir, 'blobs', 'letters', 'test');
      const pdfs = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
      assert.deepEqual(pdfs.sort(), ids.map((id) => `${id}.pdf`).sort());
    } finally {
      await s.close();
    }
  });

  test('a restart in the middle of rendering loses nothing', async () => {
    const s = await startTestServer();
    try {
      const k = await s.key();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++)
        ids.push((await s.request('POST', LETTERS, { key: k, json: letterBody() })).body.id);
      await new Promise((r) => setTimeout(r, 700)); // some renders are in flight now
      await s.restart();
      for (const id of ids) {
        const letter = await waitForLetter(s, k, id, undefined, 60_000);
        assert.ok(letter.url, `${id} rendered`);
      }
    } finally {
      await s.close();
    }
  });
});
