import { MAILPIECE_KINDS } from '../../../engines/render/index.js';
import { sideFields } from '../mailpieces/two-sided.js';
import { twoSidedKind } from '../mailpieces/two-sided-kind.js';
import { EXAMPLE_RECIPIENT, EXAMPLE_SENDER, examplePage } from '../orders/order-examples.js';

/**
 * Postcards: `6x4`, `9x6` or `11x6` inches, full colour both sides, the address on the back
 * (POSTCARD_STAGES in the render engine). The sender is optional, as the hosted service has it.
 */
export const postcardKind = twoSidedKind({
  name: 'postcard',
  paths: ['/postcards'],
  tag: 'Postcards',
  sides: [sideFields('front'), sideFields('back')],
  profiled: true,
  fromRequired: false,
  formats: MAILPIECE_KINDS.postcard,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    size: '6x4',
    frontHTML: examplePage('Spring sale'),
    backHTML: examplePage('Hello {{to.firstName}}!'),
  },
});
