/**
 * Parser benchmark: accuracy on ../shared/data/parse/dev.jsonl per field, per source
 * and whole-address, against npm parse-address on the same cases; in-process
 * throughput, RSS, and the CLI end to end. Run: node --import tsx bench/parse.ts
 * Options: --misses N (print N of our misses; --us: US cases only), --accuracy-only (skip speed),
 * --cli-only (only the CLI end to end against parse-address, on two sets of 100k lines),
 * --ceiling FILE (US field misses by class, from a hand classification kept out of the repo).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAddress } from '../src/engines/address/index.js';
import { DIRECTIONALS } from '../src/engines/address/tables/directionals.js';
import { usState } from '../src/engines/address/tables/us-states.js';
import { USPS_SUFFIXES } from '../src/engines/address/tables/usps-street-suffixes.js';
import { UNIT_DESIGNATORS } from '../src/engines/address/tables/usps-unit-designators.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = resolve(root, '../shared/data/parse/dev.jsonl');
const require = createRequire(import.meta.url);
const parseAddressPkg = require('parse-address') as {
  parseLocation(s: string): Record<string, string> | null;
};

type Fields = Record<string, string>;
interface Case {
  id: string;
  source: string;
  country?: string;
  input: string;
  expected: Record<string, string>;
}

/** dev.jsonl labels -> our field names. Unit and level are scored together as `unit`. */
const LABELS: Record<string, string> = {
  house_number: 'houseNumber',
  road: 'road',
  road2: 'road',
  unit: 'unit',
  level: 'unit',
  staircase: 'unit',
  po_box: 'poBox',
  house: 'house',
  recipient: 'house',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
  city_district: 'cityDistrict',
  suburb: 'suburb',
  state_district: 'stateDistrict',
  category: 'category',
  near: 'near',
  island: 'island',
};
const CONNECTORS = new Set(['and', 'at', 'y', 'und']);

/**
 * "Mission and Valencia Sts": parse-address labels an intersection whose streets share one
 * plural type as "Mission St Valencia St". Both readings name the same two streets, so a
 * plural type closing an intersection may also be read as written after each street.
 */
function sharedPluralType(value: string): string {
  const m = /^(.+?)\s+(?:&|and)\s+(.+?)\s+(\S+?)s\.?$/i.exec(value.trim());
  const type = m && USPS_SUFFIXES.get(m[3].toUpperCase());
  return m && type ? `${m[1]} ${type.abbr} ${m[2]} ${type.abbr}` : value;
}

/** Case- and punctuation-insensitive; suffixes, directionals and unit words compared by standard form. */
function norm(value: string, field = ''): string {
  const words = value
    // Scraped labels keep HTML character references ("&#189;", "94103&#8212;1612"); the
    // parser reads them as a space in the input, so they compare as one here too.
    .replace(/&#?\w{1,8};/g, ' ')
    .normalize('NFC')
    .toUpperCase()
    .replace(/[.'’-]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const joined = words.join(' ');
  // Postcodes compare without separators ("60606-6306" = "60606 6306", "EC1N 8QX" = "EC1N8QX").
  if (field === 'postcode') return words.join('').toLowerCase();
  // A US state written out or as its code counts as equal, like suffixes and directionals.
  const state = field === 'state' ? usState(joined) : undefined;
  if (state) return state.code.toLowerCase();
  return words
    .map((w) => DIRECTIONALS.get(w)?.abbr ?? USPS_SUFFIXES.get(w)?.abbr ?? UNIT_DESIGNATORS.get(w)?.abbr ?? w)
    .filter((w) => !CONNECTORS.has(w.toLowerCase()) && w !== '#')
    .join(' ')
    .toLowerCase();
}

/** A PO box some sources label as a unit ("unit: PO box 3094") is scored as the PO box. */
const PO_BOX_LABEL = /^(p\.?\s?o\.?\s?box|post office box|pobox)\b/i;

function expectedFields(c: Case): Fields {
  const out: Fields = {};
  for (const [label, value] of Object.entries(c.expected)) {
    let field = LABELS[label];
    if (field === 'unit' && PO_BOX_LABEL.test(value)) field = 'poBox';
    if (field) out[field] = out[field] ? `${out[field]} ${value}` : value;
  }
  return out;
}

function ours(input: string): Fields {
  const f: Fields = { ...parseAddress(input) } as Fields;
  if (f.level) f.unit = f.unit ? `${f.unit} ${f.level}` : f.level;
  delete f.level;
  return f;
}

function baseline(input: string): Fields {
  const p = parseAddressPkg.parseLocation(input) ?? {};
  const join = (...xs: Array<string | undefined>) => xs.filter(Boolean).join(' ');
  const f: Fields = {};
  const road =
    join(p.prefix, p.street, p.type, p.suffix) ||
    join(p.prefix1, p.street1, p.type1, p.suffix1, p.prefix2, p.street2, p.type2, p.suffix2);
  if (p.number) f.houseNumber = p.number;
  if (road) f.road = road;
  const unit = join(p.sec_unit_type, p.sec_unit_num);
  if (unit) f[/box/i.test(p.sec_unit_type ?? '') ? 'poBox' : 'unit'] = unit;
  if (p.city) f.city = p.city;
  if (p.state) f.state = p.state;
  if (p.zip) f.postcode = p.plus4 ? `${p.zip}-${p.plus4}` : p.zip;
  return f;
}

/**
 * "97212 4321" labelled postcode "97212": some lines label only the five-digit ZIP and
 * leave the +4 written after a space out of every field. Reading the whole ZIP+4 is not
 * an error, so a ZIP+4 whose first five digits are the labelled ZIP counts as equal.
 */
function zipPlus4Of(expected: string, got: string): boolean {
  return /^\d{5}$/.test(expected) && /^\d{9}$/.test(got) && got.startsWith(expected);
}

interface Tally {
  cases: number;
  exact: number;
  fields: Map<string, { n: number; ok: number }>;
}
const tally = (): Tally => ({ cases: 0, exact: 0, fields: new Map() });

/**
 * libpostal labels New York's boroughs ("Brooklyn, NY 11216") `city_district` and gives no
 * city; USPS, whose convention the parser follows for verification, mails them to the
 * borough as the city. A borough read as the city, with no city label to contradict it,
 * is scored as that label.
 */
function boroughAsCity(expected: Fields, got: Fields): Fields {
  const district = expected.cityDistrict;
  if (!district || expected.city || got.cityDistrict || !got.city) return expected;
  if (norm(district) !== norm(got.city)) return expected;
  const { cityDistrict: _, ...rest } = expected;
  return { ...rest, city: district };
}

/** Scores one case into the tally; returns the fields it got wrong (labelled or not). */
function score(t: Tally, labelled: Fields, got: Fields): string[] {
  const expected = boroughAsCity(labelled, got);
  t.cases++;
  const wrong: string[] = [];
  for (const k of new Set([...Object.keys(expected), ...Object.keys(got)])) {
    // Unit and level are scored together, so their order in the line does not matter.
    const n = (v: string | undefined) =>
      k === 'unit'
        ? norm(v ?? '')
            .split(' ')
            .sort()
            .join(' ')
        : norm(v ?? '', k);
    const ok =
      n(expected[k]) === n(got[k]) ||
      (k === 'postcode' && zipPlus4Of(n(expected[k]), n(got[k]))) ||
      (k === 'road' &&
        norm(sharedPluralType(expected[k] ?? ''), k) === norm(sharedPluralType(got[k] ?? ''), k));
    if (!ok) wrong.push(k);
    if (k in expected) {
      const f = t.fields.get(k) ?? { n: 0, ok: 0 };
      f.n++;
      if (ok) f.ok++;
      t.fields.set(k, f);
    }
  }
  if (!wrong.length) t.exact++;
  return wrong;
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const isUS = (c: Case) => c.country === 'US' || c.country === 'USA';

function main(): void {
  const args = process.argv.slice(2);
  const showMisses = args.includes('--misses') ? Number(args[args.indexOf('--misses') + 1] ?? 30) : 0;
  const onlyUs = args.includes('--us');
  const cases: Case[] = readFileSync(DATA, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const groups = new Map<string, { ours: Tally; base: Tally }>();
  const group = (k: string) => {
    if (!groups.has(k)) groups.set(k, { ours: tally(), base: tally() });
    return groups.get(k)!;
  };
  const misses: string[] = [];
  const usMisses: FieldMisses[] = [];
  for (const c of cases) {
    const exp = expectedFields(c);
    const got = ours(c.input);
    const base = baseline(c.input);
    for (const g of ['all', isUS(c) ? 'US' : 'non-US', `source:${c.source}`]) {
      const wrong = score(group(g).ours, exp, got);
      score(group(g).base, exp, base);
      if (g === 'US' && wrong.length) usMisses.push({ id: c.id, fields: wrong.filter((k) => k in exp) });
      if (g === 'all' && wrong.length && (!onlyUs || isUS(c)))
        misses.push(
          `${c.id} ${JSON.stringify(c.input)}\n  exp ${JSON.stringify(exp)}\n  got ${JSON.stringify(got)}\n  wrong ${wrong.join(' ')}`,
        );
    }
  }
  const lines: string[] = [];
  lines.push('| set | cases | Postroom exact | parse-address exact |', '|---|---:|---:|---:|');
  for (const [k, g] of groups)
    lines.push(
      `| ${k} | ${g.ours.cases} | ${pct(g.ours.exact, g.ours.cases)} | ${pct(g.base.exact, g.base.cases)} |`,
    );
  lines.push('', '| field (US cases) | labelled | Postroom | parse-address |', '|---|---:|---:|---:|');
  const us = group('US');
  for (const [k, f] of us.ours.fields) {
    const b = us.base.fields.get(k) ?? { n: f.n, ok: 0 };
    lines.push(`| ${k} | ${f.n} | ${pct(f.ok, f.n)} | ${pct(b.ok, b.n)} |`);
  }
  lines.push('', '| field (non-US cases) | labelled | Postroom | parse-address |', '|---|---:|---:|---:|');
  const nonUs = group('non-US');
  for (const [k, f] of nonUs.ours.fields) {
    const b = nonUs.base.fields.get(k) ?? { n: f.n, ok: 0 };
    lines.push(`| ${k} | ${f.n} | ${pct(f.ok, f.n)} | ${pct(b.ok, b.n)} |`);
  }
  const classesFile = args.includes('--ceiling') ? args[args.indexOf('--ceiling') + 1] : undefined;
  if (classesFile) lines.push('', ...ceiling(us.ours, usMisses, readClasses(classesFile)));
  if (args.includes('--cli-only')) {
    console.log(cliSpeed(cases.map((c) => c.input)).join('\n'));
    return;
  }
  if (!args.includes('--accuracy-only')) lines.push('', ...speed(cases.map((c) => c.input)));
  console.log(lines.join('\n'));
  if (showMisses) console.log(`\n${misses.slice(0, showMisses).join('\n')}\n(${misses.length} misses)`);
}

interface FieldMisses {
  id: string;
  /** Labelled fields the parse got wrong. */
  fields: string[];
}

const MISS_CLASSES = ['conflict', 'convention', 'unclean', 'parser'] as const;
type MissClass = (typeof MISS_CLASSES)[number];
/** Case id -> the class of all its misses, or per field with "*" for the rest. */
type Classes = Record<string, MissClass | Record<string, MissClass>>;

/**
 * `--ceiling FILE`: a hand classification of the US misses, kept out of the repository
 * (it describes dev lines). A miss is a label that contradicts another line's or the input
 * (conflict), a convention the parser does not share, input that is not one clean address
 * (unclean), or a real parser miss.
 */
function readClasses(file: string): Classes {
  const classes = JSON.parse(readFileSync(file, 'utf8')) as Classes;
  for (const [id, v] of Object.entries(classes))
    for (const c of typeof v === 'string' ? [v] : Object.values(v))
      if (!MISS_CLASSES.includes(c)) throw new Error(`${file}: ${id} has unknown class ${c}`);
  return classes;
}

/** Per US field: its misses by class, and the score it would reach with every parser miss fixed. */
function ceiling(us: Tally, usMisses: FieldMisses[], classes: Classes): string[] {
  const lines = [
    '| field (US cases) | labelled | Postroom | misses | conflict | convention | unclean | parser | unclassified | ceiling |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const unclassified = new Set<string>();
  for (const [k, f] of us.fields) {
    const count: Record<MissClass | 'none', number> = {
      conflict: 0,
      convention: 0,
      unclean: 0,
      parser: 0,
      none: 0,
    };
    for (const m of usMisses) {
      if (!m.fields.includes(k)) continue;
      const v = classes[m.id];
      const c = typeof v === 'string' ? v : (v?.[k] ?? v?.['*']);
      count[c ?? 'none']++;
      if (!c) unclassified.add(m.id);
    }
    const misses = f.n - f.ok;
    const reachable = f.n - count.conflict - count.convention - count.unclean;
    lines.push(
      `| ${k} | ${f.n} | ${pct(f.ok, f.n)} | ${misses} | ${count.conflict} | ${count.convention} | ${count.unclean} | ${count.parser} | ${count.none} | ${pct(reachable, f.n)} |`,
    );
  }
  const exact = usMisses.filter((m) => {
    const v = classes[m.id];
    return (
      v === 'parser' || !v || (typeof v !== 'string' && m.fields.every((k) => (v[k] ?? v['*']) === 'parser'))
    );
  }).length;
  lines.push(
    '',
    `US whole-address exact with every parser miss fixed: ${pct(us.exact + exact, us.cases)} (${exact} lines whose misses are all parser misses or unclassified).`,
  );
  if (unclassified.size) lines.push(`Unclassified: ${[...unclassified].join(' ')}`);
  return lines;
}

function throughput(fn: (s: string) => unknown, inputs: string[], seconds: number): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (const s of inputs) fn(s);
    n += inputs.length;
  }
  return n / ((performance.now() - t0) / 1000);
}

/** Alternating rounds so a busy neighbour on the machine slows both sides alike; median of 5. */
function compare(inputs: string[]): [number, number] {
  const a: number[] = [];
  const b: number[] = [];
  for (const s of inputs) {
    parseAddress(s);
    parseAddressPkg.parseLocation(s);
  }
  for (let round = 0; round < 5; round++) {
    a.push(throughput(parseAddress, inputs, 1));
    b.push(throughput((s) => parseAddressPkg.parseLocation(s), inputs, 1));
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[2];
  return [median(a), median(b)];
}

function speed(inputs: string[]): string[] {
  const [a, b] = compare(inputs);
  const rss = process.memoryUsage().rss / 1e6;
  const cli = cliSpeed(inputs);
  return [
    '| throughput (in-process, one core, median of 5 alternating 1 s rounds) | addresses/s |',
    '|---|---:|',
    `| Postroom parser | ${Math.round(a).toLocaleString('en-US')} |`,
    `| parse-address | ${Math.round(b).toLocaleString('en-US')} |`,
    `| ratio | ${(a / b).toFixed(2)}x |`,
    '',
    `RSS of this bench process: ${rss.toFixed(0)} MB (tsx, both parsers, the data set).`,
    '',
    ...cli,
  ];
}

const VERIFY_DATA = resolve(root, '../shared/data/verify/dev-louisville.jsonl');

/**
 * The CLI end to end (process start included) on 100k lines vs the same loop around
 * parse-address; peak RSS of each child. Two sets of lines: the labelled dev inputs (every
 * country, messy), and the verification dev inputs (clean one-line US addresses, where
 * parse-address is at its fastest). The compiled CLI and parse-address alternate over
 * `rounds` runs each so that a busy neighbour slows both alike; the medians are compared.
 */
function cliSpeed(inputs: string[], rounds = 3): string[] {
  const verifyInputs = readFileSync(VERIFY_DATA, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { input: string }).input);
  const out = [
    '| CLI end to end, 100,000 lines (median of the rounds by wall time) | wall s | CPU s | peak RSS MB | parse-address ÷ postroom, wall / CPU |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const [set, lines] of [
    ['dev parse inputs', inputs],
    ['clean US one-liners', verifyInputs],
  ] as const)
    out.push(...cliRows(set, lines, rounds));
  return out;
}

function cliRows(set: string, inputs: readonly string[], rounds: number): string[] {
  const lines: string[] = [];
  while (lines.length < 100_000) lines.push(...inputs.map((s) => s.replace(/[\r\n]+/g, ', ')));
  const file = join('/tmp', `postroom-bench-parse-${process.pid}.txt`);
  writeFileSync(file, `${lines.slice(0, 100_000).join('\n')}\n`);
  const input = readFileSync(file);
  rmSync(file, { force: true });
  const run = (argv: string[]) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, argv, { input, maxBuffer: 1 << 30, cwd: root });
    const ms = performance.now() - t0;
    const out = r.stdout.toString().trim().split('\n').length;
    const rssKb = Number(/maxRSS=(\d+)/.exec(r.stderr.toString())?.[1] ?? 0);
    const cpuUs = Number(/cpu=(\d+)/.exec(r.stderr.toString())?.[1] ?? 0);
    return { ms, cpuMs: cpuUs / 1000, ok: r.status === 0 && out === 100_000, rssMb: rssKb / 1024 };
  };
  const median = (xs: Array<ReturnType<typeof run>>) => [...xs].sort((a, b) => a.ms - b.ms)[xs.length >> 1];
  const ours = run([
    '--import',
    'tsx',
    '-e',
    `import('./src/cli/parse.ts').then(async (m) => { const c = await m.parseCommand([]); process.stderr.write(${REPORT}); process.exit(c); })`,
  ]);
  const compiled: Array<ReturnType<typeof run>> = [];
  const base: Array<ReturnType<typeof run>> = [];
  for (let round = 0; round < rounds; round++) {
    const c = runCompiled(run);
    if (c) compiled.push(c);
    base.push(run(['-e', BASELINE_CLI]));
  }
  const b = median(base);
  const secs = (ms: number) => (ms / 1000).toFixed(2);
  const row = (name: string, r: ReturnType<typeof run>, withBase: boolean) =>
    `| ${set}: ${name}${r.ok ? '' : ' (FAILED)'} | ${secs(r.ms)} | ${secs(r.cpuMs)} | ${r.rssMb.toFixed(0)} | ${
      withBase ? `**${(b.ms / r.ms).toFixed(2)}×** / **${(b.cpuMs / r.cpuMs).toFixed(2)}×**` : ''
    } |`;
  return [
    row('postroom parse via tsx (one run)', ours, false),
    ...(compiled.length
      ? [row('postroom parse compiled to JavaScript (as `npx postroom parse` runs)', median(compiled), true)]
      : []),
    row('parse-address in a readline loop', b, false),
  ];
}

/**
 * The same CLI compiled to plain JavaScript (esbuild, dependencies left external), as the
 * installed `postroom` runs it: tsx keeps every transformed module and its source map in
 * memory, which the shipped command does not pay. Skipped if esbuild is unavailable.
 */
function runCompiled<R>(run: (argv: string[]) => R): R | undefined {
  const out = join(root, 'bench', `.parse-cli-${process.pid}.mjs`);
  const build = spawnSync(
    process.execPath,
    [
      '-e',
      `require('esbuild').buildSync({ entryPoints: ['src/cli/parse.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: ${JSON.stringify(out)}, logLevel: 'error' })`,
    ],
    { cwd: root },
  );
  if (build.status !== 0) return undefined;
  try {
    return run([
      '--input-type=module',
      '-e',
      `import(${JSON.stringify(out)}).then(async (m) => { const c = await m.parseCommand([]); process.stderr.write(${REPORT}); process.exit(c); })`,
    ]);
  } finally {
    rmSync(out, { force: true });
  }
}

/** What each child reports on stderr at its end: peak RSS and the CPU its whole life took. */
const REPORT =
  "'maxRSS=' + process.resourceUsage().maxRSS + ' cpu=' + (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime)";

const BASELINE_CLI = `
const p = require('parse-address');
const rl = require('node:readline').createInterface({ input: process.stdin });
const out = [];
rl.on('line', (l) => { out.push(JSON.stringify(p.parseLocation(l) ?? {})); if (out.length >= 1000) { process.stdout.write(out.join('\\n') + '\\n'); out.length = 0; } });
rl.on('close', () => { if (out.length) process.stdout.write(out.join('\\n') + '\\n'); process.stderr.write(${REPORT}); });
`;

main();
