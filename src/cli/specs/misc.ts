import type { CommandGroup, CommandSpec } from '../command-spec.js';

export const PARSE: CommandSpec = {
  path: ['parse'],
  summary: 'parse one address per stdin line to JSON lines',
  details:
    'Each line out is the `data` of POST /v1/addver/parses for the line in, in order. Needs no\n' +
    'database. --explain prints every parser stage for one address instead, for debugging.',
  flags: [
    {
      name: 'explain',
      value: 'ADDRESS',
      rest: true,
      default: 'read stdin',
      about: "every stage's result for this address (the rest of the line; quotes optional)",
    },
  ],
  examples: [
    { command: 'postroom parse < addresses.txt > parsed.jsonl' },
    { command: 'postroom parse --explain "90 Canal St Ste 4, Boston MA 02114"' },
  ],
  load: () => import('../parse.js').then((m) => (_args, argv) => m.parseCommand(argv.slice(1))),
};

export const VERIFY: CommandSpec = {
  path: ['verify'],
  summary: 'verify one address per stdin line (freeform or JSON) to JSON lines',
  details:
    'A line is a freeform address, or a JSON object with line1, line2, city, provinceOrState,\n' +
    'postalOrZip, country, recipient, urbanization. Each line out is the verified address as\n' +
    'POST /v1/addver/verifications answers it with includeDetails and geocode, or {"error": ...}.\n' +
    'Streets are confirmed where points were imported (postroom data import).',
  database: true,
  examples: [
    { command: "echo '90 Canal St, Boston MA 02114' | postroom verify" },
    { command: 'postroom verify < addresses.txt > verified.jsonl' },
  ],
  load: () => import('../verify.js').then((m) => () => m.verifyCommand()),
};

export const PRINT: CommandGroup = { name: 'print', summary: 'hand-off of live orders to the print shop' };

export const PRINT_BATCHES: CommandSpec = {
  path: ['print', 'batches'],
  summary: 'print batches, newest first, with their print file and manifest',
  flags: [{ name: 'json', default: 'text', about: 'the batches as JSON' }],
  database: true,
  env: [{ name: 'POSTROOM_BLOB_URL', about: 'where the files are (default POSTROOM_DATA_DIR/blobs)' }],
  examples: [{ command: 'postroom print batches' }, { command: 'postroom print batches --json' }],
  load: () => import('../print.js').then((m) => m.printCommand),
};

export const PRINT_HANDED_OVER: CommandSpec = {
  path: ['print', 'handed-over'],
  args: [{ name: 'BATCH_ID', required: true }],
  summary: 'the shop handed a batch to the carrier: its orders become processed_for_delivery',
  details:
    "With --tracking, FILE is the batch's manifest.csv with its trackingNumber column filled as the\n" +
    'shop posted the pieces (certified, express): each number is recorded in the same transaction,\n' +
    'in the event that hands its order over. Every line is checked first: a bad line (a number not\n' +
    'of the format its mailing class implies, an order not of the batch) hands nothing over and\n' +
    'records nothing, and the error names every bad line (docs/mail-tracking.md).',
  flags: [
    {
      name: 'tracking',
      value: 'FILE',
      default: 'none: no numbers recorded',
      about: "the batch's manifest with trackingNumber filled",
    },
  ],
  database: true,
  examples: [
    { command: 'postroom print handed-over print_batch_...' },
    { command: 'postroom print handed-over print_batch_... --tracking manifest-filled.csv' },
  ],
  load: () => import('../print.js').then((m) => m.printCommand),
};

export const PRINT_TRACKING: CommandSpec = {
  path: ['print', 'tracking'],
  args: [
    { name: 'BATCH_ID', required: true },
    { name: 'FILE', required: true },
  ],
  summary: "records the tracking numbers the shop wrote in a batch's manifest (certified, express)",
  details:
    "FILE is the batch's manifest.csv with its trackingNumber column filled (empty cells change\n" +
    'nothing). Each number must have the format its mailing class implies (docs/mail-tracking.md);\n' +
    'a bad line records nothing at all and the error names every bad line.',
  database: true,
  examples: [{ command: 'postroom print tracking print_batch_... manifest-filled.csv' }],
  load: () => import('../print.js').then((m) => m.printCommand),
};

export const WEBHOOKS: CommandGroup = { name: 'webhooks', summary: 'trying webhooks locally' };

export const WEBHOOKS_LISTEN: CommandSpec = {
  path: ['webhooks', 'listen'],
  summary: 'a local receiver that prints each delivery and whether its signature verifies',
  details:
    'Answers 200 to everything, so nothing is retried. A webhook pointing here (http://127.0.0.1:...)\n' +
    'needs the server started with POSTROOM_ALLOW_PRIVATE_URLS=true. Runs until interrupted.',
  flags: [
    { name: 'port', value: 'N', default: '4545', about: 'port on 127.0.0.1 (0: any free port)' },
    {
      name: 'secret',
      value: 'S',
      default: 'none: deliveries are printed, not verified',
      about: "the webhook's secret, to check each signature",
    },
  ],
  examples: [{ command: 'postroom webhooks listen --port 4545 --secret whsec_...' }],
  load: () => import('../webhooks.js').then((m) => m.webhooksCommand),
};

export const SECRETS: CommandGroup = {
  name: 'secrets',
  summary: 'the data keys that seal bank account numbers (docs/operations.md)',
};

export const SECRETS_NEW_KEY: CommandSpec = {
  path: ['secrets', 'new-key'],
  summary: "adds a data key to the data dir's key file; it seals from the next restart on",
  details:
    'Then restart every server and worker, and run postroom secrets reseal. With\n' +
    'POSTROOM_DATA_KEYS set, put the new key first in it instead.',
  env: [{ name: 'POSTROOM_DATA_DIR', about: 'holds secrets/data-keys (default ./.postroom)' }],
  examples: [{ command: 'postroom secrets new-key' }],
  load: () => import('../secrets.js').then((m) => m.secretsCommand),
};

export const SECRETS_RESEAL: CommandSpec = {
  path: ['secrets', 'reseal'],
  summary: 'seals every stored bank account number again with the current data key, in one transaction',
  database: true,
  env: [
    {
      name: 'POSTROOM_DATA_KEYS',
      about: "id:base64key,...: the first seals (default: the data dir's key file)",
    },
  ],
  examples: [{ command: 'postroom secrets reseal' }],
  load: () => import('../secrets.js').then((m) => m.secretsCommand),
};

export const MAILBOX: CommandGroup = { name: 'mailbox', summary: "the mail room's virtual mailboxes" };

const mailbox = () => import('../mailbox.js').then((m) => m.mailboxCommand);

export const MAILBOX_LIST: CommandSpec = {
  path: ['mailbox', 'list'],
  summary: 'virtual mailboxes with their PMB, status, mode and organization',
  flags: [
    { name: 'pending', default: 'every mailbox', about: 'only mailboxes pending assignment' },
    { name: 'json', default: 'text', about: 'as JSON' },
  ],
  database: true,
  examples: [{ command: 'postroom mailbox list --pending' }],
  load: mailbox,
};

export const MAILBOX_ACTIVATE: CommandSpec = {
  path: ['mailbox', 'activate'],
  args: [{ name: 'MAILBOX', required: true }],
  summary: 'a live mailbox pending assignment becomes active (MAILBOX: its id or PMB number)',
  database: true,
  examples: [{ command: 'postroom mailbox activate 1042' }],
  load: mailbox,
};

export const MAILBOX_RECEIVE: CommandSpec = {
  path: ['mailbox', 'receive'],
  args: [{ name: 'MAILBOX', required: true }],
  summary: 'records a piece of mail that arrived; forwards it when the mailbox forwards',
  details:
    "Prints the new item's id on the last line. A forwarding letter is rendered by the server's\n" +
    'workers like any other letter.',
  flags: [
    {
      name: 'envelope',
      value: 'FILE',
      default: 'no scan',
      about: 'a PDF scan of the envelope (up to 20 MB)',
    },
    {
      name: 'contents',
      value: 'FILE',
      default: 'no scan',
      about: 'a PDF scan of the contents (up to 20 MB)',
    },
    {
      name: 'matched-letter',
      value: 'ID',
      default: 'none',
      about: 'the letter (letter_...) this mail answers',
    },
    { name: 'description', value: 'TEXT', default: 'none', about: 'what arrived' },
  ],
  database: true,
  env: [{ name: 'POSTROOM_BLOB_URL', about: 'where scans are kept (default POSTROOM_DATA_DIR/blobs)' }],
  examples: [
    { command: 'postroom mailbox receive 1042 --envelope env.pdf --description "Letter from the IRS"' },
  ],
  load: mailbox,
};
