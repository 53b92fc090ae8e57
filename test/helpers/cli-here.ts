import { main } from '../../src/cli/main.js';
import type { TestServer } from './harness.js';

/** Points the in-process CLI (`postroomHere`) at the test server's own database and schema. */
export function cliOnServer(server: TestServer): void {
  const url = new URL(server.databaseUrl);
  url.searchParams.set('options', `-c search_path=${server.schema},public`);
  process.env.DATABASE_URL = url.toString();
}

/** Runs `postroom ARGV...` in this process, capturing what it prints. */
export async function postroomHere(
  ...argv: string[]
): Promise<{ code: number | undefined; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => out.push(a.join(' '));
  console.error = (...a: unknown[]) => err.push(a.join(' '));
  try {
    return { code: await main(argv), out: out.join('\n'), err: err.join('\n') };
  } finally {
    console.log = log;
    console.error = error;
  }
}
