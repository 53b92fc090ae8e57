// The smoke check of the compose deployment, run by scripts/container-check.sh once
// `podman-compose up` has started it: both servers healthy and ready, the processes not root,
// and letters rendered by each worker in turn (the servers render nothing:
// POSTROOM_RENDERS=elsewhere), their PDFs served through the other server from the S3 store.
//
//   node --import tsx scripts/container-smoke.ts PROJECT URL_1 URL_2
import { execFileSync } from 'node:child_process';

const [project, ...bases] = process.argv.slice(2);
if (!project || bases.length !== 2) {
  console.error('usage: container-smoke.ts PROJECT URL_1 URL_2');
  process.exit(2);
}
const container = (service: string) => `${project}_${service}_1`;
const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8' }).trim();
const started = Date.now();
const say = (what: string) =>
  console.log(`container-smoke: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function call(base: string, method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A letter made through one server, rendered by whichever worker runs, read through the other. */
async function letterRendered(key: string, via: string, readVia: string, label: string): Promise<void> {
  const letter = await call(via, 'POST', '/print-mail/v1/letters', key, {
    to: {
      firstName: 'Alice',
      addressLine1: '20 Recipient Way',
      city: 'Boston',
      provinceOrState: 'MA',
      postalOrZip: '02114',
      countryCode: 'US',
    },
    from: {
      companyName: 'Sender Co',
      addressLine1: '1 Sender Plaza',
      city: 'Albany',
      provinceOrState: 'NY',
      postalOrZip: '12207',
      countryCode: 'US',
    },
    html: `<p>Hello {{to.firstName}}, this letter comes from ${label}.</p>`,
  });
  const done = await until(`letter ${letter.id} rendered`, 180_000, async () => {
    const l = await call(readVia, 'GET', `/print-mail/v1/letters/${letter.id}`, key);
    if (l.status === 'cancelled') throw new Error(`${letter.id} was cancelled: ${JSON.stringify(l)}`);
    return l.url ? l : undefined;
  });
  // The link names POSTROOM_PUBLIC_URL; the file is fetched through the other server.
  const file = new URL(done.url);
  const pdf = await fetch(`${readVia}${file.pathname}${file.search}`);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  if (pdf.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`${done.url}: ${pdf.status}, ${bytes.length} bytes, not a PDF`);
  say(`${label}: letter ${letter.id} rendered, ${bytes.length}-byte PDF read from the S3 store`);
}

for (const base of bases) {
  await until(`${base}/readyz`, 240_000, async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined));
  const health = await fetch(`${base}/healthz`);
  if (!health.ok) throw new Error(`${base}/healthz answered ${health.status}`);
}
say(`both servers healthy and ready (${bases.join(', ')})`);

for (const service of ['server-1', 'server-2', 'worker-1', 'worker-2']) {
  const uid = podman('exec', container(service), 'id', '-u');
  if (uid === '0') throw new Error(`${service} runs as root`);
}
say('servers and workers run as uid 10001, not root');

const created = podman(
  'exec',
  container('server-1'),
  'postroom',
  'keys',
  'create',
  '--org',
  'smoke',
  '--mode',
  'test',
  '--product',
  'print-mail',
);
const key = created.split('\n').at(-1)!.trim();

// Each worker alone in turn: a letter rendered while only it runs is one it took.
podman('stop', '-t', '20', container('worker-2'));
await letterRendered(key, bases[0], bases[1], 'worker-1');
podman('start', container('worker-2'));
podman('stop', '-t', '20', container('worker-1'));
await letterRendered(key, bases[1], bases[0], 'worker-2');
podman('start', container('worker-1'));
say('smoke check passed');
