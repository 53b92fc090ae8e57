import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// One signed link has one spelling: the file is served at the path and query the signer
// handed out, and 404 under any other spelling of them (issue R2 §6). Requests go out as raw
// request lines, since fetch would remove dot segments before sending.
let server: TestServer;
let link: URL;
before(async () => {
  server = await startTestServer({}, { workers: false });
  await server.runtime.deps.blobs.put('letters/test/signed.pdf', Buffer.from('%PDF-1.4 signed'), {
    contentType: 'application/pdf',
  });
  link = new URL(server.runtime.deps.signer.urlFor('letters/test/signed.pdf'));
});
after(() => server.close());

async function statusOfRequestLine(target: string): Promise<number> {
  const socket = connect(Number(link.port), '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (text += chunk));
  socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  await new Promise((resolve) => socket.on('close', resolve));
  return Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
}

test('the link as handed out is served; every other spelling of it is a 404', async () => {
  const path = link.pathname;
  const expires = link.searchParams.get('expires') ?? '';
  const signature = link.searchParams.get('signature') ?? '';
  const query = `?expires=${expires}&signature=${signature}`;
  assert.equal(await statusOfRequestLine(path + query), 200);
  const standard = signature.replace(/-/g, '+').replace(/_/g, '/');
  const spellings = {
    'an encoded slash': path.replace('letters/test', 'letters%2Ftest') + query,
    'an encoded letter': path.replace('letters/', '%6cetters/') + query,
    'a dot segment': path.replace('letters/test', 'letters/./test') + query,
    'a dot-dot segment': path.replace('letters/test', 'letters/x/../test') + query,
    'an empty segment': path.replace('letters/test', 'letters//test') + query,
    'standard base64': `${path}?expires=${expires}&signature=${encodeURIComponent(standard)}`,
    'a padded signature': `${path}?expires=${expires}&signature=${signature}%3D`,
    'an encoded signature': `${path}?expires=${expires}&signature=${encodeURIComponent(signature).replace(/-/g, '%2D')}`,
    'a repeated parameter': `${path + query}&expires=${expires}`,
    'an extra parameter': `${path + query}&x=1`,
  };
  for (const [name, target] of Object.entries(spellings)) {
    if (target === path + query) continue; // a signature without - or _ has no second spelling of that kind
    assert.equal(await statusOfRequestLine(target), 404, `${name}: ${target}`);
  }
});
