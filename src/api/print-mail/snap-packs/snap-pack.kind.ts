import { MAILPIECE_KINDS } from '../../../engines/render/index.js';
import { sideFields } from '../mailpieces/two-sided.js';
import { twoSidedKind } from '../mailpieces/two-sided-kind.js';
import { EXAMPLE_RECIPIENT, EXAMPLE_SENDER, examplePage } from '../orders/order-examples.js';
import { snapPackCapabilities } from './snap-pack-capabilities.js';

/**
 * Snap packs: pressure-sealed mailers (`8.5x11_bifold_v`), the contents hidden inside until the
 * recipient tears the perforated edges; the address on the outside's top half
 * (SNAP_PACK_STAGES in the render engine). `GET /snap_packs/capabilities` says what can post one.
 */
export const snapPackKind = twoSidedKind({
  name: 'snap_pack',
  paths: ['/snap_packs'],
  tag: 'Snap packs',
  sides: [sideFields('inside'), sideFields('outside')],
  fromRequired: true,
  formats: MAILPIECE_KINDS.snap_pack,
  routes: snapPackCapabilities,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    size: '8.5x11_bifold_v',
    insideHTML: examplePage('Your statement'),
    outsideHTML: examplePage('Open here'),
  },
});
