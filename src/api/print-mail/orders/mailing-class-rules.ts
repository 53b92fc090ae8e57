import type { MailingClass } from './mailing-class.js';

/**
 * When an order cannot go by the mailing class it asked for. The spec names the cancellation
 * reason (`invalid_order_mailing_class`) but not the rule; ours, documented in
 * docs/operations.md, refuses only what no print shop could post:
 *
 * - a carrier's own class (`us_post_*`, `ca_post_*`, `uk_post_*`, `au_post_*`) to a destination
 *   outside that carrier's country (US territories count as the US);
 * - a saturation class (`us_post_eddm`, `ca_post_neighbourhood_mail`), which is delivered to
 *   every door of a route without an address, for an addressed order.
 *
 * The generic classes (`first_class`, `express`, `certified`, ...) and the courier classes go
 * anywhere: the shop picks the carrier. The value itself was checked at create (a 400);
 * this check needs the settled destination, so the order is created and then cancelled.
 */
const CARRIER_COUNTRIES: ReadonlyArray<{ prefix: string; carrier: string; countries: readonly string[] }> = [
  { prefix: 'us_post_', carrier: 'the US postal service', countries: ['US', 'PR', 'VI', 'GU', 'AS', 'MP'] },
  { prefix: 'ca_post_', carrier: 'the Canadian postal service', countries: ['CA'] },
  { prefix: 'uk_post_', carrier: 'the UK postal service', countries: ['GB', 'UK'] },
  { prefix: 'au_post_', carrier: 'the Australian postal service', countries: ['AU'] },
];

const SATURATION: readonly MailingClass[] = ['us_post_eddm', 'ca_post_neighbourhood_mail'];

/** Why the order cannot be posted by its class (the cancellation note), or null if it can. */
export function mailingClassProblem(mailingClass: MailingClass, to: { countryCode?: string }): string | null {
  if (SATURATION.includes(mailingClass))
    return `${mailingClass} is unaddressed saturation mail (every door of a route); it cannot carry an addressed order.`;
  const country = (to.countryCode ?? '').toUpperCase();
  const carrier = CARRIER_COUNTRIES.find((c) => mailingClass.startsWith(c.prefix));
  if (carrier && !carrier.countries.includes(country))
    return `${mailingClass} is a class of ${carrier.carrier}, which does not deliver to ${country || 'this destination'}.`;
  return null;
}
