import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback listener (IPv4 and IPv6) that counts every TCP connection and HTTP request made
 * to it, and HTML vectors that make a browser with a network reach it: what the printer must
 * never do (issue R2 §1).
 */
export interface CountingListener {
  port: number;
  connections(): number;
  requests(): string[];
  close(): Promise<void>;
}

export async function startCountingListener(): Promise<CountingListener> {
  const urls: string[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.setHeader('content-type', req.url?.includes('css') ? 'text/css' : 'text/html');
    res.end('p { color: red }');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    requests: () => [...urls],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * name → HTML that loads from the listener on `port`. `fetchedByServer`: the vectors the
 * server itself would fetch and inline before the print (so a request to the print-mail API
 * never hands them to Chromium as written).
 */
export function networkVectors(
  port: number,
): Array<{ name: string; html: string; fetchedByServer: boolean }> {
  const v4 = (path: string) => `http://127.0.0.1:${port}/${path}`;
  const v6 = (path: string) => `http://[::1]:${port}/${path}`;
  const named = (path: string) => `http://localhost:${port}/${path}`;
  const loads = (name: string, html: string) => ({ name, html, fetchedByServer: false });
  const fetched = (name: string, html: string) => ({ name, html, fetchedByServer: true });
  return [
    loads('prefetch', `<link rel="prefetch" href="${v4('admin/delete?id=1')}">`),
    loads('prefetch over IPv6', `<link rel="prefetch" href="${v6('prefetch6')}">`),
    loads('prefetch by name', `<link rel="prefetch" href="${named('prefetch-named')}">`),
    loads('preconnect', `<link rel="preconnect" href="${v4('')}">`),
    loads('dns-prefetch', `<link rel="dns-prefetch" href="${named('')}">`),
    loads('preload', `<link rel="preload" as="image" href="${v4('preload.png')}">`),
    loads('iframe', `<iframe src="${v4('iframe')}"></iframe>`),
    loads('frame', `<frameset><frame src="${v4('frame')}"></frameset>`),
    loads('meta refresh', `<meta http-equiv="refresh" content="0;url=${v4('refresh')}">`),
    loads('object', `<object data="${v4('object')}"></object>`),
    loads('embed', `<embed src="${v4('embed')}">`),
    loads('audio', `<audio src="${v4('audio')}" preload="auto"></audio>`),
    loads(
      'image-set',
      `<div style="width:9px;height:9px;background-image:image-set('${v4('set.png')}' 1x)"></div>`,
    ),
    fetched('CSS url()', `<div style="width:9px;height:9px;background:url(${v4('css-url.png')})"></div>`),
    fetched('@import', `<style>@import "${v4('import.css')}";</style>`),
    fetched('img srcset', `<img srcset="${v4('srcset.png')} 1x">`),
    fetched('video poster', `<video poster="${v4('poster.png')}"></video>`),
    fetched(
      'SVG image',
      `<svg width="9" height="9"><image href="${v4('svg.png')}" width="9" height="9"/></svg>`,
    ),
    fetched(
      'font',
      `<style>@font-face { font-family: Net; src: url(${v4('font.woff')}) } p.net { font-family: Net }</style><p class="net">font</p>`,
    ),
  ];
}
