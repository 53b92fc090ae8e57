import { loadConfig } from '../config/config.js';
import { migrate } from '../db/migrate.js';
import { main as serve } from '../main.js';
import { type Args, parseArgs, UsageError } from './args.js';
import { DATA_USAGE, dataCommand } from './data-import.js';
import { KEYS_USAGE, keysCommand } from './keys.js';
import { MAILBOX_USAGE, mailboxCommand } from './mailbox.js';
import { ORGS_USAGE, orgsCommand } from './orgs.js';
import { parseCommand } from './parse.js';
import { PRINT_USAGE, printCommand } from './print.js';
import { SECRETS_USAGE, secretsCommand } from './secrets.js';
import { verifyCommand } from './verify.js';
import { WEBHOOKS_USAGE, webhooksCommand } from './webhooks.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage:
postroom serve                 API + job workers (PORT, HOST, DATABASE_URL, POSTROOM_DATA_DIR, POSTROOM_PUBLIC_URL)
postroom worker                job workers only, against a shared DATABASE_URL
postroom migrate               apply database migrations and exit
${KEYS_USAGE}
${ORGS_USAGE}
postroom parse [--explain "ADDRESS"]   one address per stdin line -> one JSON line each
postroom verify                one address per stdin line (freeform or JSON) -> one verified address (JSON) each
${DATA_USAGE}
${WEBHOOKS_USAGE}
${PRINT_USAGE}
${SECRETS_USAGE}
${MAILBOX_USAGE}`;

/** `argv` is everything after the command name, for commands that read their own flags. */
type Command = (args: Args, argv: string[]) => Promise<number>;

/** Every subcommand, in one table. */
const COMMANDS: Record<string, Command> = {
  serve: async () => {
    await serve(loadConfig(), 'serve');
    return -1; // keep running until a signal
  },
  worker: async () => {
    await serve(loadConfig(), 'worker');
    return -1;
  },
  migrate: async () => {
    const applied = await withDatabase(async (db) => migrate(db.pool));
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
    return 0;
  },
  keys: keysCommand,
  orgs: orgsCommand,
  parse: (_args, argv) => parseCommand(argv),
  verify: () => verifyCommand(),
  data: dataCommand,
  webhooks: webhooksCommand,
  print: printCommand,
  secrets: secretsCommand,
  mailbox: mailboxCommand,
};

export async function main(argv: string[]): Promise<number | undefined> {
  const args = parseArgs(argv);
  const name = args.positional[0];
  // Asking for help succeeds (`help`, `--help`, `-h`); no command at all is a usage error.
  if (name === 'help' || name === '-h' || args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  if (!name) {
    console.error(USAGE);
    return 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    const code = await command(args, argv.slice(1));
    return code < 0 ? undefined : code;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
}
