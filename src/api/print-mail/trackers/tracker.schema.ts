import { type Static, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';

/** How long a tracker's URLs stay valid after the order that prints them is created. */
export const URL_EXPIRY_DAYS = [30, 60, 90, 180, 365] as const;

const RedirectURLTemplate = Type.String({
  minLength: 1,
  maxLength: 2000,
  description:
    'An http(s) URL where visitors land; {{merge variables}} of the order (e.g. {{to.firstName}}) may fill its path and query, never its scheme or host.',
});
const UrlExpireAfterDays = Type.Integer({
  description: 'Days each order’s URL stays valid after the order is created: 30, 60, 90, 180 or 365.',
});

export const TrackerCreate = Type.Object({
  redirectURLTemplate: RedirectURLTemplate,
  urlExpireAfterDays: UrlExpireAfterDays,
  ...ENVELOPE_CREATE,
});
export type TrackerCreate = Static<typeof TrackerCreate>;

/** The hosted SDK sends both required fields on every update; Postroom also takes either alone. */
export const TrackerUpdate = Type.Object({
  redirectURLTemplate: Type.Optional(RedirectURLTemplate),
  urlExpireAfterDays: Type.Optional(UrlExpireAfterDays),
  ...ENVELOPE_UPDATE,
});
export type TrackerUpdate = Static<typeof TrackerUpdate>;

export const Tracker = documentSchema('tracker', {
  redirectURLTemplate: Type.String(),
  urlExpireAfterDays: Type.Integer(),
  visitCount: Type.Integer({ description: 'Every visit to any of the tracker’s URLs.' }),
  uniqueVisitCount: Type.Integer({ description: 'Visits from a visitor not seen on this tracker before.' }),
});
export type Tracker = Static<typeof Tracker>;

export const TrackerVisit = Type.Object({
  id: Type.String(),
  object: Type.Literal('tracker_visit'),
  tracker: Type.String(),
  live: Type.Boolean({ description: 'Whether the order the URL was printed on is a live one.' }),
  orderID: Type.String({ description: 'The order whose URL or QR code was visited.' }),
  device: Type.String({
    description: 'The kind of device, from its user agent: Mobile, Tablet, Desktop, Bot or Unknown.',
  }),
  ipAddress: Type.String({
    description:
      'A salted SHA-256 of the visitor’s IP address (hex): the same visitor gives the same value on this server; the address itself is never stored.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type TrackerVisit = Static<typeof TrackerVisit>;
