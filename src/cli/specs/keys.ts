import type { CommandGroup, CommandSpec } from '../command-spec.js';

export const KEYS: CommandGroup = { name: 'keys', summary: 'API keys of organizations' };

const load = () => import('../keys.js').then((m) => m.keysCommand);

export const KEYS_CREATE: CommandSpec = {
  path: ['keys', 'create'],
  summary: 'creates the organization if needed and a key for it; prints the key alone on the last line',
  details:
    'Keys are stored as SHA-256 hashes only: the key is shown once, here. A sub-organization\n' +
    '(sub_org_...) is named by its id and must exist: they are made through the API.',
  flags: [
    {
      name: 'org',
      value: 'NAME',
      required: true,
      about: 'organization name (created when missing), or a sub_org_... id',
    },
    { name: 'mode', choices: ['test', 'live'], required: true, about: 'test keys never print or charge' },
    { name: 'product', choices: ['print-mail', 'addver'], required: true, about: 'the API the key is for' },
    { name: 'public', about: 'a public (publishable) key instead of a secret one', default: 'a secret key' },
  ],
  database: true,
  examples: [
    { command: 'postroom keys create --org acme --mode live --product print-mail' },
    {
      command: 'KEY=$(postroom keys create --org acme --mode test --product addver | tail -n 1)',
      about: 'the key alone, for a script',
    },
  ],
  load,
};

export const KEYS_LIST: CommandSpec = {
  path: ['keys', 'list'],
  summary: 'lists keys, one per line: id, organization, mode, product, kind, hint, created, state',
  flags: [
    { name: 'org', value: 'NAME', default: 'every organization', about: "only this organization's keys" },
  ],
  database: true,
  examples: [{ command: 'postroom keys list --org acme' }],
  load,
};

export const KEYS_REVOKE: CommandSpec = {
  path: ['keys', 'revoke'],
  args: [{ name: 'KEY_ID_OR_KEY', required: true }],
  summary: 'revokes a key, named by its id (key_...) or the key itself; effective within 10 s',
  database: true,
  examples: [{ command: 'postroom keys revoke key_2f8a1c...' }],
  load,
};
