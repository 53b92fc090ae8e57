import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a path answers: whole bytes, or a handler of its own (a connection cut midway). */
export type Served = Buffer | ((req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>);

export interface FileServer {
  /** http://127.0.0.1:PORT */
  url: string;
  files: Map<string, Served>;
  close(): Promise<void>;
}

/**
 * A static file server on 127.0.0.1 for importer tests: each file with Content-Length and an
 * ETag (as real download hosts send), 404 for anything else. Nothing leaves the machine.
 */
export async function startFileServer(files: Record<string, Served> = {}): Promise<FileServer> {
  const served = new Map(Object.entries(files));
  const server = http.createServer((req, res) => {
    const entry = served.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof entry === 'function') {
      Promise.resolve(entry(req, res)).catch(() => res.destroy());
      return;
    }
    res.writeHead(200, {
      'content-length': entry.length,
      etag: `"${createHash('md5').update(entry).digest('hex')}"`,
      'content-type': 'application/octet-stream',
    });
    res.end(entry);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files: served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
