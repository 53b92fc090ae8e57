import { type Static, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';

/**
 * A list's statuses (the hosted service's). `completed`: no job is running, the list can be
 * sent or given another job. Postroom never shows `counting_recipient_country_codes`.
 */
export const MAILING_LIST_STATUSES = [
  'creating_contacts',
  'removing_contacts',
  'counting_recipient_country_codes',
  'completed',
] as const;
export type MailingListStatus = (typeof MAILING_LIST_STATUSES)[number];

export const MailingListCreate = Type.Object({
  ...ENVELOPE_CREATE,
});
export type MailingListCreate = Static<typeof MailingListCreate>;

export const MailingListUpdate = Type.Object({
  ...ENVELOPE_UPDATE,
});
export type MailingListUpdate = Static<typeof MailingListUpdate>;

export const MAILING_LIST_ERROR_TYPES = [
  'mailing_list_imports_not_found_error',
  'download_file_error',
  'operational_error',
  'internal_service_error',
] as const;

const MailingListError = Type.Object({
  type: Type.Union(MAILING_LIST_ERROR_TYPES.map((t) => Type.Literal(t))),
  message: Type.String(),
});

export const MailingList = documentSchema('mailing_list', {
  status: Type.Union(MAILING_LIST_STATUSES.map((s) => Type.Literal(s))),
  contactCount: Type.Integer({
    description: 'Contacts on the list now (a deleted contact leaves every list).',
  }),
  errors: Type.Optional(
    Type.Array(MailingListError, { description: "What went wrong in the list's last job." }),
  ),
});
export type MailingList = Static<typeof MailingList>;

const Ids = (prefix: string, maxItems: number) =>
  Type.Optional(
    Type.Array(Type.String({ pattern: `^${prefix}_[1-9A-HJ-NP-Za-km-z]+$`, maxLength: 100 }), {
      minItems: 1,
      maxItems,
    }),
  );

/** Exactly one operation per job (the hosted rule). */
export const MailingListJobBody = Type.Object({
  addContacts: Ids('contact', 10_000),
  removeContacts: Ids('contact', 10_000),
  addMailingListImports: Ids('mailing_list_import', 100),
  removeMailingListImports: Ids('mailing_list_import', 100),
});
export type MailingListJobBody = Static<typeof MailingListJobBody>;
export type MailingListJobOp = keyof MailingListJobBody;
export const JOB_OPS = Object.keys(MailingListJobBody.properties) as MailingListJobOp[];
