import { createServer } from 'node:net';

/**
 * A free loopback port, so POSTROOM_PUBLIC_URL (signed links) can name it before listening.
 * A module of its own: a test that only starts `postroom` processes needs this, not the
 * harness's import of the whole runtime (~1 s of CPU).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
