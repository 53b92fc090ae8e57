import { MAILPIECE_KINDS } from '../../../engines/render/index.js';
import { sideFields } from '../mailpieces/two-sided.js';
import { twoSidedKind } from '../mailpieces/two-sided-kind.js';
import { EXAMPLE_RECIPIENT, EXAMPLE_SENDER, examplePage } from '../orders/order-examples.js';

/**
 * Self mailers: one sheet printed both sides and folded (`8.5x11_bifold`, `8.5x11_trifold`,
 * `9.5x16_trifold`), the address on the outside's mailing panel where the fold puts it
 * (SELF_MAILER_STAGES in the render engine). Served at /self_mailers and, as the hosted
 * service's reference spells it, /self-mailers.
 */
export const selfMailerKind = twoSidedKind({
  name: 'self_mailer',
  paths: ['/self_mailers', '/self-mailers'],
  tag: 'Self mailers',
  sides: [sideFields('inside'), sideFields('outside')],
  profiled: true,
  fromRequired: true,
  formats: MAILPIECE_KINDS.self_mailer,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    size: '8.5x11_bifold',
    insideHTML: examplePage('Inside'),
    outsideHTML: examplePage('Outside'),
  },
});
