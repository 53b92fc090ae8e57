/**
 * The dashboard's orders page beside the API's GET /letters on the same 100,000 letters of one
 * organization (same process, same run):
 *   node --import tsx bench/dashboard-orders.ts [--letters 100000] [--loads 200]
 * Needs PostgreSQL (DATABASE_URL, or the one at 127.0.0.1:5432, as the tests); runs the real
 * app on a throwaway schema (the test harness) with workers off. The letters are inserted in
 * bulk with SQL. Server time is measured inside the server, from the request's headers parsed
 * to its response written (Node's 'request' and 'finish'); sequential loads. Prints markdown.
 */
import { DashboardClient } from '../test/helpers/dashboard-client.js';
import { startTestServer } from '../test/helpers/harness.js';
import { machine } from './support/bench-utils.js';

const arg = (name: string, fallback: number) =>
  Number(process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const LETTERS = arg('--letters', 100_000);
const LOADS = arg('--loads', 200);
const step = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const server = await startTestServer({ logLevel: 'warn' }, { workers: false });
try {
  const key = await server.key({ org: 'bench-dashboard' });
  const pool = server.runtime.db.pool;
  const orgId = (await pool.query(`SELECT id FROM organizations WHERE name = 'bench-dashboard'`)).rows[0].id;

  step(`seeding ${LETTERS} letters`);
  const t0 = performance.now();
  await pool.query('DROP INDEX letters_recent, letters_doc, letters_search');
  await pool.query('ALTER TABLE letters DISABLE TRIGGER letters_count');
  // Statuses in realistic shares; 50 cities; created over the last 100 days, newest first.
  await pool.query(
    `WITH s AS (
       SELECT i,
         (ARRAY['ready','ready','ready','ready','printing','printing','processed_for_delivery','processed_for_delivery','completed','cancelled'])[1 + i % 10] AS status,
         'City' || (i % 50) AS city,
         now() - (i * (8640000.0 / $2)) * interval '1 second' AS at
       FROM generate_series(1, $2::int) AS i)
     INSERT INTO letters (id, org_id, live, status, doc, search_text, content, created_at, updated_at)
     SELECT 'letter_bench' || i, $1, false, status,
       jsonb_build_object('id', 'letter_bench' || i, 'object', 'letter', 'live', false, 'status', status,
         'to', jsonb_build_object('id', 'contact_to' || i, 'firstName', 'Name' || i, 'lastName', 'Person' || (i % 1000),
           'addressLine1', i || ' Main St', 'city', city, 'provinceOrState', 'MA', 'postalOrZip', lpad((i % 99999)::text, 5, '0'), 'countryCode', 'US'),
         'from', jsonb_build_object('id', 'contact_from', 'companyName', 'Sender Inc', 'addressLine1', '1 Sender Way', 'city', 'Boston',
           'provinceOrState', 'MA', 'postalOrZip', '02114', 'countryCode', 'US'),
         'description', 'Campaign ' || (i % 200), 'mailingClass', 'first_class', 'size', 'us_letter',
         'html', '<p>Hello {{to.firstName}}</p>', 'createdAt', at, 'updatedAt', at),
       lower('letter_bench' || i || ' name' || i || ' person' || (i % 1000) || ' ' || i || ' main st ' || city
         || ' ma ' || lpad((i % 99999)::text, 5, '0') || ' us sender inc 1 sender way boston campaign ' || (i % 200) || ' ' || status),
       '{}'::jsonb, at, at
     FROM s`,
    [orgId, LETTERS],
  );
  await pool.query(
    `INSERT INTO resource_counts (org_id, live, resource, stripe, n) VALUES ($1, false, 'letters', 15, $2)`,
    [orgId, LETTERS],
  );
  await pool.query('ALTER TABLE letters ENABLE TRIGGER letters_count');
  await pool.query('CREATE INDEX letters_recent ON letters (org_id, live, created_at DESC, id DESC)');
  await pool.query('CREATE INDEX letters_doc ON letters USING gin (doc jsonb_path_ops)');
  await pool.query('CREATE INDEX letters_search ON letters USING gin (search_text gin_trgm_ops)');
  await pool.query('VACUUM ANALYZE letters');
  step(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Server time of each request, by its path and query, in the order they finished.
  const served = new Map<string, number[]>();
  server.runtime.app!.server.on('request', (req, res) => {
    const started = performance.now();
    res.once('finish', () => {
      const list = served.get(req.url ?? '') ?? [];
      list.push(performance.now() - started);
      served.set(req.url ?? '', list);
    });
  });
  /** The server time of the last finished request for this path (sequential loads: its own). */
  const serverTime = (path: string) => served.get(path)!.pop()!;

  const client = new DashboardClient(server);
  await client.signIn(key);
  const week = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const scenarios: Array<[string, (i: number) => string]> = [
    ['dashboard: first page', () => '/dashboard/orders?kind=letter'],
    ['dashboard: page 40', () => '/dashboard/orders?kind=letter&page=40'],
    ['dashboard: status = cancelled', () => '/dashboard/orders?kind=letter&status=cancelled'],
    // Every registered kind in one table (a UNION ALL over the kinds' tables; only letters have rows here).
    ['dashboard: all kinds: first page', () => '/dashboard/orders?kind=all'],
    ['dashboard: all kinds: status = cancelled', () => '/dashboard/orders?kind=all&status=cancelled'],
    ['dashboard: one week', () => `/dashboard/orders?kind=letter&from=${week(40)}&to=${week(33)}`],
    ['dashboard: search a name (rare)', (i) => `/dashboard/orders?kind=letter&q=name${50_000 + i * 17}`],
    ['dashboard: search a city (2%)', (i) => `/dashboard/orders?kind=letter&q=city${i % 50}`],
    [
      'dashboard: status + month + search',
      (i) => `/dashboard/orders?kind=letter&status=ready&from=${week(60)}&to=${week(30)}&q=person${i % 1000}`,
    ],
    [
      'dashboard: search "campaign 12" (every row has "campaign")',
      (i) => `/dashboard/orders?kind=letter&q=campaign+${i % 200}`,
    ],
    ['API: GET /letters?limit=25', () => '/print-mail/v1/letters?limit=25'],
    ['API: skip=975', () => '/print-mail/v1/letters?limit=25&skip=975'],
    [
      'API: search {"status":"cancelled"}',
      () => `/print-mail/v1/letters?limit=25&search=${encodeURIComponent('{"status":"cancelled"}')}`,
    ],
    ['API: search a name (rare)', (i) => `/print-mail/v1/letters?limit=25&search=name${50_000 + i * 17}`],
    ['API: search a city (2%)', (i) => `/print-mail/v1/letters?limit=25&search=city${i % 50}`],
    ['API: search "campaign 12"', (i) => `/print-mail/v1/letters?limit=25&search=campaign+${i % 200}`],
  ];
  // Round-robin over the scenarios, so a busy moment of a shared machine falls on all alike.
  const times = scenarios.map(() => ({ server: [] as number[], client: [] as number[] }));
  step(`${LOADS} rounds of ${scenarios.length} requests`);
  for (let i = -10; i < LOADS; i++) {
    for (const [s, [, pathOf]] of scenarios.entries()) {
      const path = pathOf(Math.max(0, i));
      const t = performance.now();
      const res = path.startsWith('/dashboard')
        ? await client.get(path)
        : await server.request('GET', path, { key });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      const clientMs = performance.now() - t;
      await new Promise((r) => setImmediate(r)); // the server's 'finish' has surely fired
      const serverMs = serverTime(path);
      if (i >= 0) {
        times[s].client.push(clientMs);
        times[s].server.push(serverMs);
      }
    }
  }
  const pct = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  };
  const rows = scenarios.map(
    ([name], s) =>
      `| ${name} | ${pct(times[s].server, 0.5)} | ${pct(times[s].server, 0.95)} | ${pct(times[s].client, 0.95)} |`,
  );
  console.log(
    `\n${LETTERS.toLocaleString('en-US')} letters in one organization, ${LOADS} sequential loads each, round-robin over the requests (after 10 warm-up rounds); ${machine()}\n`,
  );
  console.log('| request | server p50 ms | server p95 ms | client p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await server.close();
}
