import type { CommandSpec } from '../command-spec.js';

const SERVER_ENV = [
  { name: 'PORT, HOST', about: 'where the API listens (default 8080 on 127.0.0.1)' },
  {
    name: 'POSTROOM_PUBLIC_URL',
    about: 'the base of the links it hands out (default http://HOST:PORT)',
  },
  {
    name: 'POSTROOM_RENDERS',
    about:
      'where PDFs are made: child (default: a low-priority child process), here (this process),\nelsewhere (only by `postroom worker` processes on other machines)',
  },
  { name: 'LOG_LEVEL', about: 'pino log level (default info)' },
  { name: 'more', about: 'every setting with its default: the README, "Environment"' },
];

export const SERVE: CommandSpec = {
  path: ['serve'],
  summary: 'API and job workers in one process',
  details:
    'Applies migrations, starts the job workers (renders, webhooks, imports, schedules) and serves\n' +
    'the APIs, the dashboard (/dashboard) and the API reference (/docs) until SIGINT or SIGTERM.\n' +
    'On the first start with an empty database it creates the organization "default" and prints\n' +
    'one test secret key per product (also written to POSTROOM_DATA_DIR/first-run-keys.txt).',
  database: true,
  env: SERVER_ENV,
  examples: [
    { command: 'postroom serve' },
    { command: 'HOST=0.0.0.0 PORT=80 DATABASE_URL=postgres://postroom@db/postroom postroom serve' },
  ],
  load: () => import('../serve.js').then((m) => m.serveCommand),
};

export const WORKER: CommandSpec = {
  path: ['worker'],
  summary: 'job workers only, against a shared DATABASE_URL (scale out)',
  details:
    'Works every job kind (renders in a low-priority child process, webhooks, imports) and serves\n' +
    'nothing; run as many as renders need, on machines that share the database and the blob store\n' +
    '(POSTROOM_BLOB_URL). Runs until SIGINT or SIGTERM. docs/operations.md, "Scaling out".',
  database: true,
  env: [
    { name: 'POSTROOM_BLOB_URL', about: 'the blob store every process shares (s3://bucket/prefix)' },
    ...SERVER_ENV.slice(2),
  ],
  examples: [
    {
      command:
        'DATABASE_URL=postgres://postroom@db/postroom POSTROOM_BLOB_URL=s3://bucket/postroom postroom worker',
    },
  ],
  load: () => import('../serve.js').then((m) => m.workerCommand),
};

export const MIGRATE: CommandSpec = {
  path: ['migrate'],
  summary: 'apply migrations and exit',
  details:
    'Applies the migrations not yet applied, each in its own transaction, under an advisory lock\n' +
    '(several processes may start together), and says which it applied. Every command that uses\n' +
    'the database also does this first; this one does only that.',
  database: true,
  examples: [{ command: 'DATABASE_URL=postgres://postroom@db/postroom postroom migrate' }],
  load: () => import('../serve.js').then((m) => m.migrateCommand),
};
