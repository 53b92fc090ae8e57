/**
 * Every kind of order the API names (wire-compat.md), in one frozen home. Each has events
 * (`<kind>.created`, `<kind>.updated`) that webhooks may subscribe to today; the kinds built so
 * far are the descriptors registered in order-kinds.ts.
 */
export const ORDER_KIND_NAMES = Object.freeze([
  'letter',
  'postcard',
  'self_mailer',
  'cheque',
  'box',
  'snap_pack',
  'return_envelope_order',
] as const);

export type OrderKindName = (typeof ORDER_KIND_NAMES)[number];
