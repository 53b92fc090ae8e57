import { EXAMPLE_RECIPIENT, examplePage } from '../print-mail/orders/order-examples.js';
import { ORDER_KINDS } from '../print-mail/orders/order-kinds.js';

/**
 * Written request bodies for the operations whose rules go beyond their schema (one of several
 * content fields, a name or a company) and for the ones a newcomer tries first: each is a
 * request that works as it stands with a test key, ids aside. Every other operation's example
 * is built from its schema (schema-example.ts). Keyed by method and path as the document has them.
 */
const kevin = EXAMPLE_RECIPIENT;
const page = examplePage;

/** Each order kind's create example, from its descriptor. */
const ORDER_EXAMPLES = Object.fromEntries(
  ORDER_KINDS.flatMap((kind) =>
    kind.example ? [[`POST /print-mail/v1${kind.paths[0]}`, kind.example]] : [],
  ),
);

export const ROUTE_EXAMPLES: Readonly<Record<string, unknown>> = Object.freeze({
  'POST /v1/addver/verifications': { address: '90 Canal St, Boston MA 02114' },
  'POST /v1/addver/suggestions': { address: '90 Canal Street, Bostn MA' },
  'POST /v1/addver/parses': { address: '90 Canal St Floor 4, Boston MA 02114' },
  'POST /v1/addver/verifications/batch': {
    addresses: [
      '90 Canal St, Boston MA 02114',
      { line1: '1 Main St', city: 'Cambridge', provinceOrState: 'MA', postalOrZip: '02142', country: 'us' },
    ],
  },
  'POST /v1/addver/completions': { partialStreet: '90 Canal', stateFilter: 'MA' },
  'POST /v1/intl_addver/verifications': {
    address: {
      line1: '10 Downing Street',
      city: 'London',
      provinceOrState: '',
      postalOrZip: 'SW1A 2AA',
      country: 'GB',
    },
  },
  'POST /v1/addver_lists': {
    name: 'Spring mailing list',
    mappings: { line1: 'address' },
    file: 'addresses.csv',
  },
  ...ORDER_EXAMPLES,
  'POST /print-mail/v1/contacts': {
    ...kevin,
    email: 'kevin@example.com',
    description: 'Customer since 2021',
  },
  'POST /print-mail/v1/bank_accounts': {
    bankName: 'First Test Bank',
    bankPrimaryLine: '100 Main St',
    bankSecondaryLine: 'Springfield IL 62701',
    bankCountryCode: 'US',
    accountNumber: '000123456789',
    routingNumber: '011000015',
    signatureText: 'Kevin Smith',
  },
  'POST /print-mail/v1/templates': {
    description: 'Welcome letter',
    html: page('Welcome, {{to.firstName}}!'),
  },
  'POST /print-mail/v1/webhooks': {
    url: 'https://example.com/postroom/webhooks',
    enabledEvents: ['letter.created', 'letter.updated'],
  },
});

/** Query parameters for the examples of operations that need some to say anything useful. */
export const ROUTE_QUERIES: Readonly<Record<string, Record<string, unknown>>> = Object.freeze({
  'GET /print-mail/v1/contacts': { limit: 10, search: 'kevin' },
  'GET /print-mail/v1/letters': { limit: 10 },
  'GET /v1/addver/completions': { partialStreet: '90 Canal', stateFilter: 'MA' },
  'GET /v1/addver/zip_codes': { city: 'Boston', state: 'MA' },
  'GET /v1/intl_addver/completions': { partialStreet: '10 Downing St', countriesFilter: 'GB' },
});
