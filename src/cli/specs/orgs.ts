import type { CommandGroup, CommandSpec, FlagSpec } from '../command-spec.js';

export const ORGS: CommandGroup = {
  name: 'orgs',
  summary: 'organizations: lookup plans, list build credit, disabling',
};

const load = () => import('../orgs.js').then((m) => m.orgsCommand);
const ORG: FlagSpec = { name: 'org', value: 'NAME', required: true, about: 'the organization' };

export const ORGS_SET_PLAN: CommandSpec = {
  path: ['orgs', 'set-plan'],
  summary: "sets an organization's address-lookup plan (metering); geocoding is off until --geocoding true",
  details:
    "Prints the plan that applies, with this month's use, as JSON. Give at least one of the flags\n" +
    "below; those not given keep their value. A sub-organization uses its parent's plan: set that.",
  flags: [
    ORG,
    {
      name: 'free-limit',
      value: 'N|unlimited',
      default: 'unchanged',
      about: 'lookups a month before a subscription is needed',
    },
    {
      name: 'subscribed',
      choices: ['true', 'false'],
      default: 'unchanged',
      about: 'lookups past the free limit are allowed (and counted)',
    },
    {
      name: 'geocoding',
      choices: ['true', 'false'],
      default: 'unchanged (off for a new organization)',
      about: 'verifications may answer coordinates',
    },
    {
      name: 'intl-free-limit',
      value: 'N|unlimited',
      default: 'unchanged',
      about: "the international API's own free allowance",
    },
    {
      name: 'intl-subscribed',
      choices: ['true', 'false'],
      default: 'unchanged',
      about: "the international API's own subscription",
    },
  ],
  database: true,
  examples: [
    { command: 'postroom orgs set-plan --org acme --free-limit 1000 --subscribed true' },
    { command: 'postroom orgs set-plan --org acme --geocoding true --intl-free-limit unlimited' },
  ],
  load,
};

export const ORGS_SHOW: CommandSpec = {
  path: ['orgs', 'show'],
  summary: "an organization's parent, sub-organizations, lookup plan and use, this month's live mail (JSON)",
  flags: [ORG],
  database: true,
  examples: [{ command: 'postroom orgs show --org acme' }],
  load,
};

export const ORGS_DISABLE: CommandSpec = {
  path: ['orgs', 'disable'],
  summary: "disables an organization: its keys (and its sub-organizations') stop working within 10 s",
  flags: [ORG],
  database: true,
  examples: [{ command: 'postroom orgs disable --org acme' }],
  load,
};

export const ORGS_ENABLE: CommandSpec = {
  path: ['orgs', 'enable'],
  summary: 'enables a disabled organization again: its keys work within 10 s',
  flags: [ORG],
  database: true,
  examples: [{ command: 'postroom orgs enable --org acme' }],
  load,
};

export const ORGS_CREDIT: CommandSpec = {
  path: ['orgs', 'credit'],
  summary: "an organization's list build credit (JSON): shown, or changed by --cents",
  details: 'Targeted list builds charge it in live mode (docs/targeted-list-builds.md).',
  flags: [
    ORG,
    {
      name: 'cents',
      value: 'N',
      default: 'show the balance, change nothing',
      about: 'add N cents (a negative N takes back)',
    },
    { name: 'mode', choices: ['live', 'test'], default: 'live', about: 'which credit' },
  ],
  database: true,
  examples: [
    { command: 'postroom orgs credit --org acme --cents 5000', about: 'adds $50.00' },
    { command: 'postroom orgs credit --org acme --mode test' },
  ],
  load,
};
