import pg from 'pg';

const RECONNECT_MS = 1_000;

/**
 * LISTENs for "events committed" notifications on a connection of its own and calls onEvent.
 * Losing the connection only costs latency: the loops also poll, and this reconnects.
 */
export function listenForEvents(
  url: string,
  channel: string,
  onEvent: () => void,
  log: (obj: object, msg: string) => void,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'postroom-webhooks' });
    next.on('notification', onEvent);
    next.on('error', (err) => {
      log({ err }, 'webhook listener connection lost; reconnecting');
      next.end().catch(() => {});
      if (client === next) client = undefined;
      setTimeout(connect, RECONNECT_MS).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      client = next;
      if (closed) await next.end();
      onEvent(); // catch up on anything committed while we were not listening
    } catch (err) {
      next.emit('error', err as Error);
    }
  };
  void connect();

  return {
    close: async () => {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
