import { readFile, stat } from 'node:fs/promises';
import pino from 'pino';
import type { AppDeps } from '../api/deps.js';
import {
  activateMailbox,
  listForOperator,
  receiveForMailbox,
} from '../api/print-mail/virtual-mailboxes/mailbox-operator.js';
import { SCAN_LIMITS } from '../api/print-mail/virtual-mailboxes/mailbox-scans.js';
import { loadConfig } from '../config/config.js';
import { ApiError } from '../platform/errors.js';
import { startRuntime } from '../runtime.js';
import { type Args, UsageError } from './args.js';

type Print = (line: string) => void;

const flag = (args: Args, name: string) => {
  const value = args.flags[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
};

/** A scan file's bytes; a missing or oversized file is the operator's mistake, said plainly. */
async function readScan(path: string | undefined, name: string): Promise<Uint8Array | undefined> {
  if (path === undefined) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new UsageError(`--${name}: no such file: ${path}`);
  if (info.size > SCAN_LIMITS.maxBytes)
    throw new UsageError(`--${name}: ${path} is larger than a scan may be (20 MB)`);
  return new Uint8Array(await readFile(path));
}

/** The subcommands over a running app's dependencies (tests pass their server's). */
export async function runMailboxCommand(args: Args, deps: AppDeps, print: Print): Promise<number> {
  const [, sub, ref] = args.positional;
  if (sub === 'list') {
    const mailboxes = await listForOperator(deps.pool, { pendingOnly: args.flags.pending === true });
    if (args.flags.json) print(JSON.stringify(mailboxes, null, 2));
    else if (mailboxes.length === 0) print('no virtual mailboxes');
    for (const m of args.flags.json ? [] : mailboxes) {
      const caps = [
        m.capabilities.envelopeScans ? 'scans' : '',
        m.capabilities.forwardMailTo ? 'forwards' : '',
      ]
        .filter(Boolean)
        .join(',');
      print([m.pmb, m.id, m.status, m.live ? 'live' : 'test', m.organization, caps || '-'].join('\t'));
    }
    return 0;
  }
  if (sub !== 'activate' && sub !== 'receive') throw new UsageError(`unknown command mailbox ${sub}`);
  if (!ref)
    throw new UsageError(`mailbox ${sub} needs a mailbox: its id (virtual_mailbox_...) or PMB number`);
  if (sub === 'activate') {
    const mailbox = await activateMailbox(deps.pool, ref, deps.clock.now());
    print(`${mailbox.id} is ${mailbox.status}`);
    return 0;
  }
  const description = flag(args, 'description');
  const matchedLetter = flag(args, 'matched-letter');
  const item = await receiveForMailbox(deps, ref, {
    envelope: await readScan(flag(args, 'envelope'), 'envelope'),
    contents: await readScan(flag(args, 'contents'), 'contents'),
    ...(description !== undefined ? { description } : {}),
    ...(matchedLetter !== undefined ? { matchedLetter } : {}),
  });
  print(`received ${item.id} in ${item.virtualMailbox}`);
  if (item.forwardedLetter) print(`forwarding it as ${item.forwardedLetter}`);
  print(item.id);
  return 0;
}

/**
 * `postroom mailbox`: the mail room's commands, on the same database and blob store as the
 * server (DATABASE_URL, POSTROOM_DATA_DIR) with the same wiring, without serving or working
 * jobs: a forwarding letter is rendered by the server's workers like any other.
 */
export async function mailboxCommand(args: Args): Promise<number> {
  if (!['list', 'activate', 'receive'].includes(args.positional[1] ?? ''))
    throw new UsageError(`unknown command mailbox ${args.positional[1] ?? ''}`);
  const runtime = await startRuntime(loadConfig(), {
    http: false,
    workers: false,
    logger: pino({ level: 'warn' }),
  });
  try {
    return await runMailboxCommand(args, runtime.deps, (line) => console.log(line));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    console.error(`${err.type}: ${err.message}`);
    return 1;
  } finally {
    await runtime.close();
  }
}
