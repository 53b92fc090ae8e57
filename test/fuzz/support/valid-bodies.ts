/**
 * The one piece of per-resource data the generated suites need: a minimal valid body for every
 * create operation (`POST C` where `C/{param}` exists) in /openapi.json. The isolation suite
 * seeds one resource of each with these; the fuzz suite mutates them and uses the seeded ids
 * in paths. A create operation missing here fails both suites by name, so a new resource
 * cannot silently escape coverage: add its line.
 *
 * `ctx.id(collection)` is the id of a seeded resource of another collection (made first, with
 * its own line here), so a body can name a template, a bank account or a mailing list.
 */

export interface SeedContext {
  id(collection: string): Promise<string>;
}

export interface SeedRequest {
  json?: unknown;
  /** A multipart body (made afresh for each request: a FormData is read once). */
  multipart?: () => FormData;
  /** Where the created resource's id is in the answer (default `body.id`). */
  idOf?: (body: any) => string;
}

export type ValidBody = (ctx: SeedContext) => SeedRequest | Promise<SeedRequest>;

const PM = '/print-mail/v1';

const alice = {
  firstName: 'Alice',
  lastName: 'Reader',
  addressLine1: '20 Recipient Way',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
};
const bob = {
  companyName: 'Sender Co',
  addressLine1: '1 Sender Plaza',
  city: 'Albany',
  provinceOrState: 'NY',
  postalOrZip: '12207',
  countryCode: 'US',
};

let unique = 0;
/** Some creates refuse a duplicate (one return envelope per contact, one sub-organization per name). */
const next = () => `${process.pid}-${++unique}`;

function importForm(): FormData {
  const form = new FormData();
  form.append('fileType', 'csv');
  const mapping = { firstName: 'First Name', addressLine1: 'Address', city: 'City', countryCode: 'Country' };
  for (const [field, column] of Object.entries(mapping))
    form.append(`receiverAddressMapping[${field}]`, column);
  const csv = 'First Name,Address,City,Country\r\nReader,100 Main St,Louisville,US\r\n';
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  return form;
}

function addverListForm(): FormData {
  const form = new FormData();
  form.append('name', 'seed list');
  form.append('mappings[line1]', 'Address');
  const csv = 'Address\r\n100 Main St, Louisville, KY 40202\r\n';
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'addresses.csv');
  return form;
}

/** Keyed by the create's path template, as in /openapi.json. */
export const VALID_BODIES: Record<string, ValidBody> = {
  [`${PM}/contacts`]: () => ({ json: alice }),
  [`${PM}/webhooks`]: () => ({
    json: { url: 'https://example.com/hooks', enabledEvents: ['letter.created'] },
  }),
  [`${PM}/templates`]: () => ({ json: { html: '<p>Hi {{to.firstName}}</p>', description: 'seed' } }),
  [`${PM}/template_editor_sessions`]: async (ctx) => ({
    json: { template: await ctx.id(`${PM}/templates`), title: 'seed' },
  }),
  [`${PM}/bank_accounts`]: () => ({
    json: {
      bankName: 'Test Bank',
      bankPrimaryLine: '145 Mulberry St',
      bankSecondaryLine: 'New York NY 10013',
      bankCountryCode: 'US',
      accountNumber: '000123456789',
      routingNumber: '011000015',
      signatureText: 'Alice Reader',
    },
  }),
  [`${PM}/return_envelopes`]: () => ({ json: { to: { ...bob, companyName: `Replies ${next()}` } } }),
  [`${PM}/return_envelopes/{id}/orders`]: () => ({ json: { quantityOrdered: 5000 } }),
  [`${PM}/trackers`]: () => ({
    json: {
      redirectURLTemplate: 'https://shop.example.com/offer?name={{to.firstName}}',
      urlExpireAfterDays: 30,
    },
  }),
  [`${PM}/order_profiles/letters`]: async (ctx) => ({
    json: { size: 'us_letter', template: await ctx.id(`${PM}/templates`) },
  }),
  [`${PM}/order_profiles/postcards`]: async (ctx) => ({
    json: { size: '6x4', frontTemplate: await ctx.id(`${PM}/templates`), backHTML: '<p>B</p>' },
  }),
  [`${PM}/order_profiles/self_mailers`]: () => ({
    json: { size: '8.5x11_bifold', insideHTML: 'I', outsideHTML: 'O' },
  }),
  [`${PM}/order_profiles/cheques`]: async (ctx) => ({
    json: { size: 'us_letter', bankAccount: await ctx.id(`${PM}/bank_accounts`) },
  }),
  [`${PM}/mailing_list_imports`]: () => ({ multipart: importForm }),
  [`${PM}/mailing_lists`]: () => ({ json: { description: 'seed' } }),
  '/v1/addver_lists': () => ({ multipart: addverListForm, idOf: (body) => body.data.id }),
  [`${PM}/campaigns`]: async (ctx) => ({ json: { mailingList: await ctx.id(`${PM}/mailing_lists`) } }),
  [`${PM}/targeted_list_builds`]: () => ({ json: { usConsumers: { zipCodes: ['40205'] } } }),
  [`${PM}/virtual_mailboxes`]: () => ({ json: { countryCode: 'US' } }),
  [`${PM}/virtual_mailboxes/{virtualMailbox}/items`]: () => ({ json: { description: 'seed item' } }),
  [`${PM}/reports`]: () => ({ json: { sqlQuery: 'SELECT id FROM contacts' } }),
  [`${PM}/reports/{id}/exports`]: () => ({ json: { description: 'seed' } }),
  [`${PM}/sub_organizations`]: () => {
    const n = next();
    return {
      json: {
        organizationName: `Branch ${n}`,
        countryCode: 'CA',
        name: 'Calvin',
        email: `branch${n}@example.com`,
        password: 'very-strong-password',
        phoneNumber: '9059059059',
      },
      idOf: (body) => body.subOrganization.id,
    };
  },
  [`${PM}/letters`]: () => ({ json: { to: alice, from: bob, html: '<p>Hello {{to.firstName}}</p>' } }),
  [`${PM}/postcards`]: () => ({
    json: { to: alice, from: bob, size: '6x4', frontHTML: '<p>Front</p>', backHTML: '<p>Back</p>' },
  }),
  [`${PM}/self_mailers`]: () => ({
    json: {
      to: alice,
      from: bob,
      size: '8.5x11_trifold',
      insideHTML: '<p>In</p>',
      outsideHTML: '<p>Out</p>',
    },
  }),
  [`${PM}/snap_packs`]: () => ({
    json: {
      to: alice,
      from: bob,
      size: '8.5x11_bifold_v',
      insideHTML: '<p>In</p>',
      outsideHTML: '<p>Out</p>',
    },
  }),
  [`${PM}/cheques`]: async (ctx) => ({
    json: { to: alice, from: bob, bankAccount: await ctx.id(`${PM}/bank_accounts`), amount: 5000 },
  }),
  [`${PM}/boxes`]: async (ctx) => ({
    json: {
      to: alice,
      from: bob,
      cheques: [{ bankAccount: await ctx.id(`${PM}/bank_accounts`), amount: 2500 }],
    },
  }),
};

/**
 * Valid bodies for other operations whose schema's minimal example is not one (a body that
 * must name one of several fields), keyed `METHOD path`. The isolation suite sends these so
 * another caller meets the lookup's refusal, not the validator's; it names any operation that
 * needs a line here.
 */
export const VALID_ACTION_BODIES: Record<string, ValidBody> = {
  [`POST ${PM}/mailing_lists/{id}/jobs`]: async (ctx) => ({
    json: { addContacts: [await ctx.id(`${PM}/contacts`)] },
  }),
};
