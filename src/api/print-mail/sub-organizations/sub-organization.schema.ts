import { type Static, Type } from '@sinclair/typebox';

/** One `@`, something either side, a dot in the domain: enough to catch a swapped field. */
const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

export const SubOrganizationCreate = Type.Object({
  organizationName: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The name of the sub-organization.',
  }),
  countryCode: Type.String({
    minLength: 2,
    maxLength: 3,
    description: 'ISO 3166-1 code; the default country of the sub-organization’s contacts.',
  }),
  name: Type.String({ minLength: 1, maxLength: 200, description: 'The name of the user made with it.' }),
  email: Type.String({ maxLength: 320, pattern: EMAIL_PATTERN, description: 'The email of that user.' }),
  password: Type.String({
    minLength: 8,
    maxLength: 200,
    description: 'That user’s password, kept only as a salted scrypt hash.',
  }),
  phoneNumber: Type.Optional(Type.String({ maxLength: 50 })),
});
export type SubOrganizationCreate = Static<typeof SubOrganizationCreate>;

/** What the table keeps; reads add `usage` and `spend`, which change as the month goes by. */
export interface StoredSubOrganization {
  id: string;
  object: 'sub_org';
  live: boolean;
  name: string;
  countryCode: string;
  limit: number;
  createdAt: string;
  updatedAt: string;
}

export const SubOrganization = Type.Object({
  id: Type.String({ description: 'Prefix `sub_org_`; also the organization id its keys belong to.' }),
  object: Type.Literal('sub_org'),
  live: Type.Boolean({ description: 'The mode of the key that made it; it is seen only in that mode.' }),
  name: Type.String(),
  countryCode: Type.String(),
  limit: Type.Integer({ description: 'Mailings before overage charges: 0, Postroom charges nothing.' }),
  usage: Type.Integer({
    description:
      'Mail pieces (every order kind, not cancelled) it made this calendar month (UTC), in its mode.',
  }),
  spend: Type.Integer({ description: 'This month’s charge in cents: always 0 on Postroom.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type SubOrganization = Static<typeof SubOrganization>;

export const SubOrganizationUser = Type.Object({
  id: Type.String({ description: 'Prefix `user_`.' }),
  email: Type.String(),
  name: Type.String(),
  organization: Type.String({ description: 'The sub-organization’s id.' }),
  pendingInvite: Type.Boolean(),
  roles: Type.Array(Type.String()),
  verifiedEmail: Type.Boolean({ description: 'Always true for users made through the API.' }),
  phoneNumber: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type SubOrganizationUser = Static<typeof SubOrganizationUser>;

const ApiKey = Type.Object({
  value: Type.String({ description: 'The key; shown in this response only (a replay shows its hint).' }),
  activeUntil: Type.Optional(Type.String({ format: 'date-time' })),
});

export const SubOrganizationCreated = Type.Object({
  subOrganization: SubOrganization,
  user: Type.Composite([
    SubOrganizationUser,
    Type.Object({ apiKeys: Type.Array(ApiKey, { description: 'The new print & mail secret keys.' }) }),
  ]),
});
