/** The dashboard's sections, in menu order; `operator` ones show only in operator sessions. */
export const SECTIONS = Object.freeze([
  { path: 'orders', label: 'Orders' },
  { path: 'contacts', label: 'Contacts' },
  { path: 'templates', label: 'Templates' },
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'events', label: 'Events' },
  { path: 'keys', label: 'API keys' },
  { path: 'verify', label: 'Verify an address' },
  { path: 'print-batches', label: 'Print batches', operator: true },
  { path: 'organizations', label: 'Organizations', operator: true },
] as const);

export type Section = (typeof SECTIONS)[number]['path'];
