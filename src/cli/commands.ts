/**
 * Every `postroom` command, in the order the global usage and the README list them. Loading
 * this table loads the specs alone (src/cli/specs/, types only): a command's code is imported
 * when it runs.
 */
import type { CommandGroup, CommandSpec } from './command-spec.js';
import { DATA, DATA_IMPORT, DATA_SOURCES } from './specs/data.js';
import { KEYS, KEYS_CREATE, KEYS_LIST, KEYS_REVOKE } from './specs/keys.js';
import {
  MAILBOX,
  MAILBOX_ACTIVATE,
  MAILBOX_LIST,
  MAILBOX_RECEIVE,
  PARSE,
  PRINT,
  PRINT_BATCHES,
  PRINT_HANDED_OVER,
  PRINT_TRACKING,
  SECRETS,
  SECRETS_NEW_KEY,
  SECRETS_RESEAL,
  VERIFY,
  WEBHOOKS,
  WEBHOOKS_LISTEN,
} from './specs/misc.js';
import { ORGS, ORGS_CREDIT, ORGS_DISABLE, ORGS_ENABLE, ORGS_SET_PLAN, ORGS_SHOW } from './specs/orgs.js';
import { MIGRATE, SERVE, WORKER } from './specs/serve.js';
import { TRACKING, TRACKING_IMPORT } from './specs/tracking.js';

export const COMMANDS: readonly CommandSpec[] = [
  SERVE,
  WORKER,
  MIGRATE,
  KEYS_CREATE,
  KEYS_LIST,
  KEYS_REVOKE,
  ORGS_SET_PLAN,
  ORGS_SHOW,
  ORGS_DISABLE,
  ORGS_ENABLE,
  ORGS_CREDIT,
  DATA_IMPORT,
  DATA_SOURCES,
  PARSE,
  VERIFY,
  PRINT_BATCHES,
  PRINT_HANDED_OVER,
  PRINT_TRACKING,
  TRACKING_IMPORT,
  WEBHOOKS_LISTEN,
  SECRETS_NEW_KEY,
  SECRETS_RESEAL,
  MAILBOX_LIST,
  MAILBOX_ACTIVATE,
  MAILBOX_RECEIVE,
];

export const GROUPS: readonly CommandGroup[] = [
  KEYS,
  ORGS,
  DATA,
  PRINT,
  TRACKING,
  WEBHOOKS,
  SECRETS,
  MAILBOX,
];

export type Found =
  | { kind: 'command'; spec: CommandSpec; rest: string[] }
  | { kind: 'group'; group: CommandGroup; commands: CommandSpec[]; rest: string[] }
  | { kind: 'none'; rest: string[] };

/** The command the leading words of argv name (the longest path that matches), or its group. */
export function findCommand(argv: readonly string[]): Found {
  const [first, second] = argv;
  const spec =
    COMMANDS.find((c) => c.path.length === 2 && c.path[0] === first && c.path[1] === second) ??
    COMMANDS.find((c) => c.path.length === 1 && c.path[0] === first);
  if (spec) return { kind: 'command', spec, rest: argv.slice(spec.path.length) };
  const group = GROUPS.find((g) => g.name === first);
  if (group)
    return {
      kind: 'group',
      group,
      commands: COMMANDS.filter((c) => c.path[0] === group.name),
      rest: argv.slice(1),
    };
  return { kind: 'none', rest: [...argv] };
}
