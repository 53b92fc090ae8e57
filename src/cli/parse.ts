/**
 * `postroom parse`: one address per stdin line -> one JSON line (the `data` of
 * POST /v1/addver/parses) per input, in order, written in batches.
 * `postroom parse --explain "ADDRESS"`: every parser stage, for debugging.
 */
import { createInterface } from 'node:readline';
import { explainParse, parseAddress } from '../engines/address/index.js';

const BATCH = 512;

export async function parseCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--explain');
  if (at >= 0) {
    const address = args.slice(at + 1).join(' ');
    if (!address) {
      process.stderr.write('usage: postroom parse --explain "ADDRESS"\n');
      return 2;
    }
    for (const { stage, result } of explainParse(address)) {
      process.stdout.write(
        `${stage.padEnd(10)} ${typeof result === 'string' ? result : JSON.stringify(result)}\n`,
      );
    }
    process.stdout.write(`${'result'.padEnd(10)} ${JSON.stringify(parseAddress(address))}\n`);
    return 0;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write('usage: postroom parse < addresses.txt   |   postroom parse --explain "ADDRESS"\n');
    return 0;
  }
  return streamParse();
}

async function streamParse(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let out = '';
  let count = 0;
  for await (const line of lines) {
    out += `${JSON.stringify(parseAddress(line))}\n`;
    if (++count % BATCH === 0) {
      // Respect back-pressure so a slow reader does not make us buffer the whole input.
      if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
      out = '';
    }
  }
  if (out) await new Promise<void>((r) => process.stdout.write(out, () => r()));
  return 0;
}
