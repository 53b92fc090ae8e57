import { randomFillSync } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ID_LENGTH = 22;

/**
 * Every id prefix the API hands out, in one frozen home, but orders' and order profiles': an
 * order's id is prefixed with its kind's name (api/print-mail/orders/order-kinds.ts), a
 * profile's with `<kind>_profile`, so a new kind needs no line here.
 */
export const ID_PREFIX = Object.freeze({
  contact: 'contact',
  template: 'template',
  templateEditorSession: 'template_editor_session',
  bankAccount: 'bank_account',
  returnEnvelope: 'return_envelope',
  returnEnvelopeOrder: 'return_envelope_order',
  tracker: 'tracker',
  trackerVisit: 'tracker_visit',
  virtualMailbox: 'virtual_mailbox',
  virtualMailboxItem: 'virtual_mailbox_item',
  campaign: 'campaign',
  mailingList: 'mailing_list',
  mailingListImport: 'mailing_list_import',
  targetedListBuild: 'targeted_list_build',
  report: 'report',
  reportExport: 'report_export',
  reportSample: 'report_sample',
  printBatch: 'print_batch',
  event: 'event',
  webhook: 'webhook',
  webhookInvocation: 'webhook_invocation',
  apiKey: 'key',
  organization: 'org',
  subOrganization: 'sub_org',
  user: 'user',
  addverList: 'addver_list',
});

// Random bytes are drawn 4 KiB at a time: one getrandom call per ~90 ids instead of per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/** 22 base58 characters: ~128 bits of randomness, as the hosted service's ids have. */
export function randomBase58(length = ID_LENGTH): string {
  // Rejection sampling keeps the distribution uniform (58 does not divide 256).
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 232) out += ALPHABET[byte % 58];
  }
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBase58()}`;
}

/** Pattern for an id of the given prefix, as used in path-parameter schemas. */
export function idPattern(prefix: string): string {
  return `^${prefix}_[1-9A-HJ-NP-Za-km-z]{22}$`;
}

export function isId(prefix: string, value: unknown): value is string {
  return typeof value === 'string' && new RegExp(idPattern(prefix)).test(value);
}
