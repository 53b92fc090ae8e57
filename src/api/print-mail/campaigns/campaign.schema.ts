import { type Static, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';
import { removable } from '../documents/update-fields.js';
import { PROFILE_KINDS } from '../order-profiles/profile-kinds.js';

/** The campaign lifecycle, in order (the hosted service's statuses). */
export const CAMPAIGN_STATUSES = [
  'drafting',
  'changes_required',
  'draft',
  'creating_orders',
  'ready',
  'printing',
  'processed_for_delivery',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Which profile field names which order kind: one per kind of order profile (`selfMailerProfile` → self_mailer). */
export const PROFILE_FIELDS: Readonly<Record<ProfileField, string>> = Object.freeze(
  Object.fromEntries(PROFILE_KINDS.map((p) => [p.campaignField, p.kind.name])),
);
export type ProfileField = `${string}Profile`;

const Id = Type.String({ minLength: 1, maxLength: 100 });
const profileFields = (wrap: (s: typeof Id) => any) =>
  Object.fromEntries(Object.keys(PROFILE_FIELDS).map((f) => [f, wrap(Id)])) as Record<ProfileField, any>;

export const CampaignCreate = Type.Object({
  mailingList: Id,
  ...profileFields((s) => Type.Optional(s)),
  defaultSenderContact: Type.Optional(Id),
  sendDate: Type.Optional(Type.String({ maxLength: 40 })),
  ...ENVELOPE_CREATE,
});
export type CampaignCreate = Static<typeof CampaignCreate> & Partial<Record<ProfileField, string>>;

export const CampaignUpdate = Type.Object({
  mailingList: Type.Optional(Id),
  ...profileFields((s) => removable(s)),
  defaultSenderContact: removable(Id),
  ...ENVELOPE_UPDATE,
});
export type CampaignUpdate = Static<typeof CampaignUpdate> & Partial<Record<ProfileField, string | null>>;

export const CampaignSend = Type.Object({
  sendDate: Type.Optional(Type.String({ maxLength: 40 })),
});
export type CampaignSend = Static<typeof CampaignSend>;

export const CampaignError = Type.Object({
  type: Type.Union([Type.Literal('processing_error'), Type.Literal('internal_error')]),
  message: Type.String(),
});

export const Campaign = documentSchema('campaign', {
  mailingList: Type.String(),
  status: Type.Union(CAMPAIGN_STATUSES.map((s) => Type.Literal(s))),
  createdCount: Type.Integer({ description: 'Orders created for the campaign so far.' }),
  ...profileFields((s) => Type.Optional(s)),
  defaultSenderContact: Type.Optional(Type.String()),
  sendDate: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(CampaignError)),
  orderPreviewURL: Type.Optional(
    Type.String({
      description: 'A signed link to the first order, rendered as a preview, once the campaign is a draft.',
    }),
  ),
  reportURL: Type.Optional(
    Type.String({ description: 'A signed CSV link: each contact with its order or why none was made.' }),
  ),
});
export type Campaign = Static<typeof Campaign> &
  Partial<Record<ProfileField, string>> & {
    /** Blob key of the processing report; answered as `reportURL`. */
    reportKey?: string;
    /** Blob key of the first order's preview; answered as `orderPreviewURL`. */
    previewKey?: string;
  };
