import http from 'node:http';
import { type CheckedDelivery, checkDelivery } from '../api/print-mail/webhooks/delivery/verify-delivery.js';
import { type Args, UsageError } from './args.js';

export const DEFAULT_PORT = 4545;

/** A receiver for trying webhooks locally; it answers 200 to everything so nothing is retried. */
export async function startWebhookListener(opts: {
  port: number;
  secret?: string;
  print: (line: string) => void;
}) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const checked = await checkDelivery(req.headers, Buffer.concat(chunks).toString('utf8'), opts.secret);
      opts.print(describe(req, checked));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function describe(req: http.IncomingMessage, d: CheckedDelivery): string {
  const verdict =
    d.verified === undefined
      ? 'not checked (no --secret)'
      : d.verified
        ? 'signature verified'
        : 'SIGNATURE INVALID';
  const head = `${new Date().toISOString()} ${req.method} ${req.url} ${d.format} ${d.type ?? '?'} ${d.eventId ?? ''}`;
  const problem = d.problem ? `\n  problem: ${d.problem}` : '';
  return `${head}\n  ${verdict}${problem}\n  data: ${JSON.stringify(d.data ?? null)}`;
}

export async function webhooksCommand(args: Args): Promise<number> {
  if (args.positional[1] !== 'listen') throw new UsageError(`unknown command webhooks ${args.positional[1]}`);
  const port = args.flags.port === undefined ? DEFAULT_PORT : Number(args.flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port must be a port number');
  const secret = typeof args.flags.secret === 'string' ? args.flags.secret : undefined;
  const listener = await startWebhookListener({ port, secret, print: (line) => console.log(line) });
  console.log(
    `listening on ${listener.url} — point a webhook's url here (the server needs POSTROOM_ALLOW_PRIVATE_URLS=true)`,
  );
  if (!secret) console.log('no --secret given: deliveries are printed but not verified');
  return -1; // keep running until interrupted
}
