import { invalid } from '../../../platform/errors.js';

/** The 26 mailing classes, spelled as the spec does (neutral carrier words). */
export const MAILING_CLASSES = Object.freeze([
  'first_class',
  'standard_class',
  'express',
  'certified',
  'certified_return_receipt',
  'registered',
  'us_post_first_class',
  'us_post_standard_class',
  'us_post_eddm',
  'us_post_express_2_day',
  'us_post_express_3_day',
  'us_post_first_class_certified',
  'us_post_first_class_certified_return_receipt',
  'us_post_first_class_registered',
  'us_post_express_3_day_signature_confirmation',
  'us_post_express_3_day_certified',
  'us_post_express_3_day_certified_return_receipt',
  'ca_post_lettermail',
  'ca_post_personalized',
  'ca_post_neighbourhood_mail',
  'courier_express_overnight',
  'courier_express_2_day',
  'courier_express_3_day',
  'uk_post_first_class',
  'uk_post_second_class',
  'au_post_second_class',
] as const);
export type MailingClass = (typeof MAILING_CLASSES)[number];

/** The hosted service's carrier-named prefixes and the spec's neutral ones (wire-compat). */
const CARRIER_PREFIXES: ReadonlyArray<[string, string]> = [
  ['usps_', 'us_post_'],
  ['ups_', 'courier_'],
  ['royal_mail_', 'uk_post_'],
];

/** The canonical value for a mailing class in either spelling; 400 naming `field` otherwise. */
export function normalizeMailingClass(value: string | undefined, field = 'mailingClass'): MailingClass {
  if (value === undefined || value === '') return 'first_class';
  let canonical = value.trim().toLowerCase();
  for (const [carrier, neutral] of CARRIER_PREFIXES) {
    if (canonical.startsWith(carrier)) canonical = neutral + canonical.slice(carrier.length);
  }
  if (!(MAILING_CLASSES as readonly string[]).includes(canonical))
    throw invalid(field, `must be one of: ${MAILING_CLASSES.join(', ')} (got "${value}").`);
  return canonical as MailingClass;
}

/**
 * An order's class from its request: `mailingClass`, or `express: true` (the hosted service's
 * older flag) for the express class. Both together must agree: an express class, or a 400.
 */
export function orderMailingClass(input: { mailingClass?: string; express?: boolean }): MailingClass {
  const mailingClass = normalizeMailingClass(input.mailingClass);
  if (!input.express) return mailingClass;
  if (input.mailingClass === undefined || input.mailingClass === '') return 'express';
  if (!mailingClass.includes('express'))
    throw invalid('express', `is true but mailingClass ${mailingClass} is not an express class.`);
  return mailingClass;
}
