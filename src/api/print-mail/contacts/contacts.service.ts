import { createHash } from 'node:crypto';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { normalizeCountryCode } from '../../../platform/country-code.js';
import { invalid, notFound } from '../../../platform/errors.js';
import { ID_PREFIX, newId } from '../../../platform/ids.js';
import { assertSafeInput } from '../../../platform/input-check.js';
import { searchTextOf } from '../../../platform/lists.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { Contact, ContactCreate } from './contact.schema.js';
import { type AddressFields, type ContactAddressing, looksLikeWholeAddress } from './contact-address.js';
import { type ContactRow, deleteContactRow, getContactDoc, saveContacts } from './contacts.repo.js';

export interface ContactContext {
  scope: Scope;
  orgCountryCode: string;
  addressing: ContactAddressing;
  now: Date;
}

const PERSON_FIELDS = ['firstName', 'lastName', 'companyName', 'jobTitle', 'email', 'phoneNumber'] as const;

/**
 * Trims strings and drops empty ones: form clients send "" for fields they leave blank. The
 * keys are the client's, so the copy defines them (fromEntries) rather than assigning them: an
 * own `__proto__` key would otherwise set the copy's prototype.
 */
function clean(input: ContactCreate): ContactCreate {
  const kept = Object.entries(input)
    .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v] as const)
    .filter(([, value]) => value !== '' && value !== undefined && value !== null);
  return Object.fromEntries(kept) as ContactCreate;
}

/** Test mode never verifies: the description alone picks the status (spec 2.1). */
function testModeStatus(description: string | undefined): Contact['addressStatus'] {
  if (description === 'test failed') return 'failed';
  if (description === 'test corrected') return 'corrected';
  return 'verified';
}

async function settleAddress(
  input: ContactCreate,
  countryCode: string,
  ctx: ContactContext,
): Promise<{ address: AddressFields; status: Contact['addressStatus']; errors?: string }> {
  let address: AddressFields = {
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    city: input.city,
    provinceOrState: input.provinceOrState,
    postalOrZip: input.postalOrZip,
    countryCode,
  };
  if (looksLikeWholeAddress(address)) {
    const split = ctx.addressing.split(address.addressLine1, countryCode);
    if (split) address = { ...split, countryCode };
  }
  if (input.forceVerifiedStatus && (!ctx.scope.live || input.skipVerification))
    return { address, status: 'verified' };
  if (!ctx.scope.live) return { address, status: testModeStatus(input.description) };
  if (input.skipVerification) {
    return { address, status: 'failed', errors: 'generic: Verification skipped (skipVerification is true)' };
  }
  const check = await ctx.addressing.verify(address);
  return {
    address: check.address,
    status: input.forceVerifiedStatus ? 'verified' : check.status,
    errors: check.errors || undefined,
  };
}

/** Identity of a contact: everything the client sent except its description. */
function contentHash(input: ContactCreate, countryCode: string): string {
  const { description: _ignored, ...given } = input;
  // POST /contacts fills in the flags' defaults and an order's inline contact does not; a flag
  // at its default is left out, so the same contact given either way is one contact.
  const identity = Object.fromEntries(
    Object.entries(given).filter(
      ([k, v]) => !((k === 'skipVerification' || k === 'forceVerifiedStatus') && v === false),
    ),
  );
  const canonical = JSON.stringify(
    { ...identity, countryCode },
    Object.keys({ ...identity, countryCode }).sort(),
  );
  return createHash('sha256').update(canonical).digest('base64url');
}

export async function createContact(
  db: Queryable,
  raw: ContactCreate,
  ctx: ContactContext,
): Promise<Contact> {
  const [contact] = await saveContacts(db, ctx.scope, [await prepareContact(raw, ctx)]);
  return contact;
}

/**
 * A contact as it will be saved, nothing written yet: checked (a 400 naming the field), its
 * address split and settled (verified in live mode), its identity hashed for de-duplication.
 */
export async function prepareContact(raw: ContactCreate, ctx: ContactContext): Promise<ContactRow> {
  // Requests were checked as they were parsed; a CSV import's row was not (a NUL in a cell).
  assertSafeInput(raw, 'body');
  const input = clean(raw);
  if (!input.addressLine1) throw invalid('addressLine1', 'is required.');
  if (!input.firstName && !input.companyName) throw invalid('firstName', 'or companyName is required.');
  checkMetadata(input.metadata);
  const countryCode = normalizeCountryCode(input.countryCode ?? ctx.orgCountryCode);
  const { address, status, errors } = await settleAddress(input, countryCode, ctx);
  const stamp = ctx.now.toISOString();
  const doc: Contact = {
    id: newId(ID_PREFIX.contact),
    object: 'contact',
    live: ctx.scope.live,
    ...Object.fromEntries(PERSON_FIELDS.filter((f) => input[f]).map((f) => [f, input[f]])),
    ...Object.fromEntries(Object.entries(address).filter(([, v]) => v)),
    countryCode: address.countryCode,
    addressStatus: status,
    ...(errors ? { addressErrors: errors } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    skipVerification: input.skipVerification ?? false,
    forceVerifiedStatus: input.forceVerifiedStatus ?? false,
    createdAt: stamp,
    updatedAt: stamp,
  } as Contact;
  const { id: _id, createdAt: _c, updatedAt: _u, ...searchable } = doc;
  return {
    doc,
    contentHash: contentHash(input, countryCode),
    searchText: searchTextOf(searchable),
    // On a duplicate only these change; in test mode the status follows the description.
    patch: {
      description: input.description ?? null,
      updatedAt: stamp,
      ...(ctx.scope.live || input.forceVerifiedStatus ? {} : { addressStatus: status }),
    },
  };
}

export async function getContact(db: Queryable, scope: Scope, id: string): Promise<string> {
  const doc = await getContactDoc(db, scope, id);
  if (!doc) throw notFound('contact', id);
  return doc;
}

export async function deleteContact(db: Queryable, scope: Scope, id: string) {
  if (!(await deleteContactRow(db, scope, id))) throw notFound('contact', id);
  return { id, object: 'contact' as const, deleted: true as const };
}
