#!/usr/bin/env node
// The `postroom` command. Runs the compiled CLI; `npm install` builds it (the `prepare` script).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    // Exit now: a half-started server may hold handles (pools, child processes) open.
    process.exit(1);
  },
);
