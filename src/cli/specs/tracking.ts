import type { CommandGroup, CommandSpec } from '../command-spec.js';

export const TRACKING: CommandGroup = {
  name: 'tracking',
  summary: 'mail tracking: USPS scans of the pieces’ barcodes (docs/mail-tracking.md)',
};

export const TRACKING_IMPORT: CommandSpec = {
  path: ['tracking', 'import'],
  args: [{ name: 'FILE|URL', required: true }],
  summary: 'reads IV-MTR scan records (JSON or |-delimited; plain or .gz) into imbStatus; safe to re-run',
  details:
    'Each scan of a barcode Postroom printed moves its order on (entered_mail_stream,\n' +
    'out_for_delivery, returned_to_sender; docs/mail-tracking.md has the mapping), never back,\n' +
    'with a <kind>.updated event; a scan already imported changes nothing. Scans of other\n' +
    "mailers' barcodes and codes that mean no status are counted. One transaction: a file\n" +
    'with a bad record, bad columns or cut off changes nothing, and the error names the line.',
  flags: [{ name: 'json', default: 'text', about: 'the counts as JSON' }],
  database: true,
  env: [{ name: 'POSTROOM_ALLOW_PRIVATE_URLS', about: 'allow a URL on a private network (default false)' }],
  examples: [
    { command: 'postroom tracking import ivmtr-2026-03-02.json' },
    { command: 'postroom tracking import https://files.example.com/ivmtr/feed.txt.gz --json' },
  ],
  load: () => import('../tracking.js').then((m) => m.trackingCommand),
};
