/**
 * `postroom parse`: one address per stdin line -> one JSON line (the `data` of
 * POST /v1/addver/parses) per input, in order, written a chunk of input at a time.
 * `postroom parse --explain "ADDRESS"`: every parser stage, for debugging, and under the
 * street stage its sub-stages and the rules that fired, in order.
 */
import { StringDecoder } from 'node:string_decoder';
import { explainParse, parseAddress } from '../engines/address/index.js';

export async function parseCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--explain');
  if (at >= 0) {
    const address = args.slice(at + 1).join(' ');
    if (!address) {
      process.stderr.write('usage: postroom parse --explain "ADDRESS"\n');
      return 2;
    }
    for (const { stage, result, steps } of explainParse(address)) {
      process.stdout.write(
        `${stage.padEnd(10)} ${typeof result === 'string' ? result : JSON.stringify(result)}\n`,
      );
      for (const step of steps ?? []) process.stdout.write(`${''.padEnd(10)} ${step}\n`);
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

/**
 * stdin is read in chunks and cut into lines here rather than through readline's async
 * iterator, whose promise per line cost more than a short address's parse. Output goes out
 * once per chunk; stdin pauses while stdout is full, so a slow reader does not make us buffer
 * the whole input.
 */
function streamParse(): Promise<number> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  const parseLines = (text: string, last: boolean): string => {
    let out = '';
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      out += `${JSON.stringify(parseAddress(lineAt(text, start, end)))}\n`;
      start = end + 1;
    }
    rest = text.slice(start);
    if (last && rest) out += `${JSON.stringify(parseAddress(lineAt(rest, 0, rest.length)))}\n`;
    return out;
  };
  return new Promise((resolve, reject) => {
    process.stdin.on('data', (chunk: Buffer) => {
      const out = parseLines(rest + decoder.write(chunk), false);
      if (out && !process.stdout.write(out)) {
        process.stdin.pause();
        process.stdout.once('drain', () => process.stdin.resume());
      }
    });
    process.stdin.on('end', () => {
      const out = parseLines(rest + decoder.end(), true);
      process.stdout.write(out, () => resolve(0));
    });
    process.stdin.on('error', reject);
  });
}

/** One input line without its line end ("\r\n" files too). */
function lineAt(text: string, start: number, end: number): string {
  return text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
}
