/**
 * Contacts over HTTP beside a bare Fastify route (same machine, same run):
 *   node --import tsx bench/contacts-http.ts [--contacts 1000000] [--rate-limit 0] [--source]
 * `--rate-limit N` turns the shared per-key rate limit on at N requests/s (burst N), to measure
 * what it costs: set N far above the load (1000000) so nothing is refused.
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); uses a
 * fresh database `postroom_bench`. Baselines in the same run: a bare Fastify route for the GETs
 * (loaded over the same paths just before them), a plain INSERT of the same row through a pool of
 * the server's size for POST. Prints a markdown table for docs/benchmarks.md, with the CPU each
 * load cost the server, the load generator and PostgreSQL (when PostgreSQL runs on this machine).
 */
import pg from 'pg';
import { type CpuSplit, cpuPerRequest, latencies, load, machine, spawnReady } from './support/bench-utils.js';
import { plainInsertRate } from './support/plain-insert.js';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = adminUrl.replace(/\/[^/]*$/, '/postroom_bench');
const seedCount = Number(process.argv[process.argv.indexOf('--contacts') + 1] || 1_000_000);
// --source: the CLI from src/ (via tsx) rather than the compiled dist/, for uncommitted work.
const cli = process.argv.includes('--source')
  ? ['--import', 'tsx', 'test/helpers/postroom-cli.ts']
  : ['bin/postroom.js'];
const rateLimitAt = process.argv.indexOf('--rate-limit');
const rateLimit = rateLimitAt > 0 ? process.argv[rateLimitAt + 1] : '0';

async function freshDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS postroom_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE postroom_bench');
  await admin.end();
}

const env = {
  ...process.env,
  DATABASE_URL: benchUrl,
  PORT: '18181',
  POSTROOM_RATE_LIMIT: rateLimit,
  POSTROOM_RATE_LIMIT_BURST: rateLimit,
  LOG_LEVEL: 'info',
  POSTROOM_DATA_DIR: '/tmp/postroom-bench',
};
await freshDatabase();
const bare = await spawnReady(
  ['--import', 'tsx', 'bench/support/bare-server.ts'],
  { ...env, PORT: '18182' },
  /bare listening/,
);
const app = await spawnReady([...cli, 'serve'], env, /postroom listening|Server listening/);
// Reads the CPU of the database's PostgreSQL processes during each load (cpuPerRequest).
const benchPool = new pg.Pool({ connectionString: benchUrl, max: 1 });
const key = (await import('node:child_process'))
  .execFileSync(
    process.execPath,
    [...cli, 'keys', 'create', '--org', 'bench', '--mode', 'test', '--product', 'print-mail'],
    { env },
  )
  .toString()
  .trim()
  .split('\n')
  .at(-1)!;
const base = 'http://127.0.0.1:18181/print-mail/v1';
const headers = { 'x-api-key': key, 'content-type': 'application/json' };
const one = await fetch(`${base}/contacts`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    firstName: 'Kevin',
    addressLine1: '90 Canal St',
    city: 'Boston',
    provinceOrState: 'MA',
    postalOrZip: '02114',
  }),
}).then((r) => r.json());

const step = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
step('load: POST contacts');
let n = 0;
const create = await cpuPerRequest(benchPool, app.pid!, 8, () =>
  load({
    url: `${base}/contacts`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            firstName: `Bench ${n++}`,
            addressLine1: `${n} Main St`,
            city: 'Boston',
            provinceOrState: 'MA',
          }),
        }),
      },
    ],
  }),
);

// The database's ceiling for the same row, same table, through a pool the server's size.
const orgId = await (async () => {
  const c = new pg.Client({ connectionString: benchUrl });
  await c.connect();
  const id = (await c.query("SELECT id FROM organizations WHERE name = 'bench'")).rows[0].id as string;
  await c.end();
  return id;
})();
step('load: plain INSERT of the same row (database baseline)');
const plainInsert = await plainInsertRate(benchUrl, orgId);

// GETs spread over 1,000 different contacts (the ones the create phase made), as real traffic is.
const ids: string[] = (
  await fetch(`${base}/contacts?limit=1000`, { headers }).then(
    (r) => r.json() as Promise<{ data: { id: string }[] }>,
  )
).data.map((c) => c.id);
// The bare route is loaded the same way, over the same 1,000 paths, just before: building each
// request costs the load generator (on the same two cores) as much for one as for the other.
const spread = (prefix: string) => {
  let g = 0;
  return [{ setupRequest: (req: object) => ({ ...req, path: `${prefix}/${ids[g++ % ids.length]}` }) }];
};
step('load: bare route');
const bareGet = await cpuPerRequest(benchPool, bare.pid!, 8, () =>
  load({ url: 'http://127.0.0.1:18182/contact/x', requests: spread('/contact') }),
);
step(`load: GET contact (${ids.length} different ids)`);
const contactGet = await cpuPerRequest(benchPool, app.pid!, 8, () =>
  load({ url: `${base}/contacts/${one.id}`, headers, requests: spread('/print-mail/v1/contacts') }),
);

// Seed the organization up to seedCount contacts straight in SQL, then time list and search.
const db = new pg.Client({ connectionString: benchUrl });
await db.connect();
const org = (await db.query("SELECT id FROM organizations WHERE name = 'bench'")).rows[0].id;
step(`seeding ${seedCount} contacts`);
const t0 = performance.now();
// Bulk load the way an operator would: indexes and the count trigger off, rebuilt after.
await db.query('DROP INDEX contacts_search, contacts_doc, contacts_recent');
await db.query('ALTER TABLE contacts DISABLE TRIGGER contacts_count');
await db.query(
  `INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
   SELECT 'contact_seed' || i, $1, false, 'seed' || i,
     jsonb_build_object('id', 'contact_seed' || i, 'object', 'contact', 'live', false, 'firstName', 'Seed ' || i,
       'lastName', 'Person' || (i % 1000), 'addressLine1', i || ' Seed Ave', 'countryCode', 'US',
       'addressStatus', 'verified', 'metadata', jsonb_build_object('batch', (i % 5000)::text),
       'skipVerification', false, 'forceVerifiedStatus', false,
       'createdAt', now() - i * interval '1 second', 'updatedAt', now()),
     lower('Seed ' || i || ' Person' || (i % 1000) || ' ' || i || ' Seed Ave us verified ' || (i % 5000)),
     now() - i * interval '1 second', now()
   FROM generate_series(1, $2::int) AS i`,
  [org, seedCount],
);
await db.query(
  `INSERT INTO resource_counts (org_id, live, resource, stripe, n) VALUES ($1, false, 'contacts', 15, $2)
   ON CONFLICT (org_id, live, resource, stripe) DO UPDATE SET n = resource_counts.n + EXCLUDED.n`,
  [org, seedCount],
);
await db.query('ALTER TABLE contacts ENABLE TRIGGER contacts_count');
await db.query("SET maintenance_work_mem = '512MB'");
await db.query('CREATE INDEX contacts_recent ON contacts (org_id, live, created_at DESC, id DESC)');
await db.query('CREATE INDEX contacts_doc ON contacts USING gin (doc jsonb_path_ops)');
await db.query('CREATE INDEX contacts_search ON contacts USING gin (search_text gin_trgm_ops)');
await db.query('VACUUM ANALYZE contacts');
const seedSeconds = (performance.now() - t0) / 1000;
const total = (await db.query('SELECT count(*)::int AS n FROM contacts')).rows[0].n;
await db.end();

const get = async (path: string) => {
  const r = await fetch(base + path, { headers });
  if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  await r.arrayBuffer();
};
step('list and search latencies');
const firstPage = await latencies(300, () => get('/contacts'));
const deepPage = await latencies(100, (i) => get(`/contacts?skip=${1000 + i}`));
const textSearch = await latencies(300, (i) =>
  get(`/contacts?search=${encodeURIComponent(`"seed ${500000 + i * 7} "`)}`),
);
const fieldSearch = await latencies(300, (i) =>
  get(`/contacts?search=${encodeURIComponent(JSON.stringify({ 'metadata.batch': String(i) }))}`),
);

await benchPool.end();
app.kill('SIGTERM');
bare.kill('SIGTERM');
const row = (name: string, r: { rps?: number; p50: number; p99: number; cpu?: CpuSplit }, note = '') =>
  `| ${name} | ${r.rps ?? '—'} | ${r.p50} | ${r.p99} | ${r.cpu ? `${r.cpu.server} / ${r.cpu.loadGenerator} / ${r.cpu.postgres}` : '—'} | ${note} |`;
console.log(
  `\nMachine: ${machine()}; rate limit ${rateLimit === '0' ? 'off' : `${rateLimit}/s per key`}; ${total.toLocaleString()} contacts in the organization for the list rows (seeded in ${seedSeconds.toFixed(0)} s).\n`,
);
console.log(
  '| measurement | req/s | p50 ms | p99 ms | µs CPU a request: server / load generator / PostgreSQL | note |\n|---|---|---|---|---|---|',
);
console.log(
  row('bare Fastify route, same JSON (baseline)', bareGet, '50 connections, 8 s, the same 1,000 paths'),
);
console.log(
  row('GET /contacts/{id}', contactGet, `${Math.round((100 * contactGet.rps) / bareGet.rps)}% of baseline`),
);
console.log(row('plain INSERT of the same row, 20 connections (baseline)', plainInsert, '50 loops, 8 s'));
console.log(
  row(
    'POST /contacts (distinct bodies)',
    create,
    `${Math.round((100 * create.rps) / plainInsert.rps)}% of the plain insert; ${create.non2xx} non-2xx`,
  ),
);
console.log(row('GET /contacts first page', firstPage, 'sequential, 300 requests'));
console.log(row('GET /contacts?skip=1000+', deepPage, 'sequential, 100 requests'));
console.log(row('GET /contacts?search="seed N " (free text)', textSearch, 'trigram index'));
console.log(
  row('GET /contacts?search={"metadata.batch":…}', fieldSearch, '200 matches each, jsonb containment'),
);
