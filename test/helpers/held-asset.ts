import http from 'node:http';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * An image host that holds every request until `release()`: an order whose HTML shows its
 * image stays mid-render for as long as a test needs, so a process can be killed while it is
 * rendering, not by luck. (A fetch held past the renderer's 10 s asset timeout fails
 * retryably, and the render is tried again, held again.)
 */
export async function startHeldAsset() {
  let released = false;
  const waiting = new Set<() => void>();
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests++;
    const answer = () => {
      waiting.delete(answer);
      if (!res.writableEnded) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    };
    if (released) return answer();
    waiting.add(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${name}.png`,
    /** Requests received so far (each is a render waiting on it until released). */
    get requests() {
      return requests;
    },
    release() {
      released = true;
      for (const answer of [...waiting]) answer();
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
