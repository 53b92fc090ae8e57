import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { SCAN_LIMITS } from '../../src/api/print-mail/virtual-mailboxes/mailbox-scans.js';
import { DEFAULT_BODY_LIMIT, loadConfig } from '../../src/config/config.js';
import { LIMITS } from '../../src/engines/render/index.js';
import { installBodyParsers } from '../../src/platform/body-parsers.js';
import { installErrorHandling } from '../../src/platform/error-handler.js';
import { fileValue } from '../../src/platform/supplied-file.js';

/** Characters of `bytes` bytes in base64, wrapped in 76-character CRLF lines (MIME), the longest way clients send it. */
const wrappedBase64Length = (bytes: number) => {
  const chars = 4 * Math.ceil(bytes / 3);
  return chars + 2 * Math.floor((chars - 1) / 76);
};

test('the default body limit fits the largest file a field takes, in wrapped base64, with a MiB to spare', () => {
  const largest = Math.max(LIMITS.maxInputPdfBytes, SCAN_LIMITS.maxBytes);
  assert.ok(
    wrappedBase64Length(largest) + 1024 * 1024 <= DEFAULT_BODY_LIMIT,
    `${wrappedBase64Length(largest)} + 1 MiB > ${DEFAULT_BODY_LIMIT}`,
  );
  assert.equal(loadConfig({}).bodyLimitBytes, DEFAULT_BODY_LIMIT);
  assert.equal(loadConfig({ POSTROOM_BODY_LIMIT: '1048576' }).bodyLimitBytes, 1048576);
});

let app: FastifyInstance;
before(async () => {
  app = Fastify({ bodyLimit: DEFAULT_BODY_LIMIT });
  installErrorHandling(app);
  await installBodyParsers(app, DEFAULT_BODY_LIMIT);
  app.post('/file', async (request) => {
    const { pdf } = request.body as { pdf: string };
    const file = fileValue(pdf, 'pdf', { what: 'PDF', urls: true });
    return { bytes: 'bytes' in file ? file.bytes.length : 0 };
  });
});
after(() => app.close());

test('a JSON body holding a 20 MB file in wrapped base64 is parsed and decoded; one over the limit is a 413', async () => {
  const file = Buffer.alloc(LIMITS.maxInputPdfBytes, 0x25);
  const pdf = file
    .toString('base64')
    .replace(/(.{76})/g, '$1\r\n')
    .trim();
  const body = JSON.stringify({ to: 'contact_x', pdf, metadata: { note: 'x'.repeat(1024 * 1024) } });
  assert.ok(body.length <= DEFAULT_BODY_LIMIT);
  const taken = await app.inject({
    method: 'POST',
    url: '/file',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
  assert.equal(taken.statusCode, 200, taken.body);
  assert.deepEqual(taken.json(), { bytes: file.length });
  const over = await app.inject({
    method: 'POST',
    url: '/file',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ pdf: 'A'.repeat(DEFAULT_BODY_LIMIT) }),
  });
  assert.equal(over.statusCode, 413, over.body);
});
