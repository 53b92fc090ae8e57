import type { AddressLayout, Zone } from '../pdf/address-zones.js';
import { inch } from '../sizes.js';

/**
 * The zones of an address panel (the face of the mailed piece), in trim coordinates: points
 * from the top-left corner of the flat sheet as cut, like every Zone.
 */
export interface AddressPanelZones {
  /**
   * The part of the panel that is Postroom's: the return address, postage area and recipient
   * lie inside it. A postcard's is the ink-free zone on the right of its back (painted white;
   * the rest of the back is the customer's); a folded piece's is its whole address panel.
   */
  addressArea: Zone;
  /** Where USPS optical readers look for the delivery address. Not painted: a bound. */
  ocrReadArea: Zone;
  /** The delivery address block. */
  recipient: Zone;
  /** The sender's address block, printed only when there is a sender. */
  returnAddress: Zone;
  /** Kept clear for the stamp, indicia or meter imprint. */
  postage: Zone;
  /** Kept free of ink for the barcode USPS sprays on the piece: all of it, to the panel's edges. */
  barcodeClear: Zone;
}

// USPS letter-size mail (DMM 202), measured on the address side of the piece:
// - The OCR read area runs 1/2 in from the left and right edges, from 5/8 in above the bottom
//   edge up to 2-3/4 in above it. The whole delivery address block must lie inside it.
const OCR_SIDE = inch(0.5);
const OCR_BOTTOM = inch(5 / 8);
const OCR_TOP = inch(2.75);
// - The barcode clear zone is the bottom 5/8 in of the rightmost 4-3/4 in: no ink but the
//   barcode, which the sorting machines print there.
const BARCODE_CLEAR_WIDTH = inch(4.75);
const BARCODE_CLEAR_HEIGHT = inch(5 / 8);
// - Postage goes in the top-right corner; the return address in the top-left, left of it.
const POSTAGE_WIDTH = inch(1);
const POSTAGE_HEIGHT = inch(0.875);
// The blocks themselves are sized like the letters' window zones (address-zones.ts) so an
// address that fits a letter fits a postcard: 3.5 in wide for the recipient, and 1.5 in tall,
// which holds six lines at 10 pt with room under them for an Intelligent Mail barcode.
const RECIPIENT_WIDTH = inch(3.5);
const RECIPIENT_MAX_HEIGHT = inch(1.5);
const RETURN_WIDTH = inch(3.25);
const RETURN_HEIGHT = inch(0.875);
/** A printed piece does not move in an envelope, so the band around the text is narrower. */
const CLEARANCE = inch(1 / 16);

const zone = (x: number, y: number, width: number, height: number): Zone => ({ x, y, width, height });

/**
 * Lays out an address panel by the USPS rules above, the same way for every size. The return
 * address, postage and recipient go in the address area (`areaWidth` from the panel's right
 * edge, the whole panel when absent), the return address at its top left, left of the
 * postage. Every zone Postroom prints in lies inside the panel less the safe margin (folds
 * drift like cuts, so a fold gets the same margin as a trimmed edge), which is inside the
 * trim's safe area; text zones sit a further clearance inside it and inside the address area,
 * so their white bands stay inside both. The barcode clear zone is the exception: it reaches
 * the panel's bottom and right edges, since USPS wants no ink anywhere in it, and nothing is
 * printed there (it is only painted white); on a narrow postcard it reaches left of the area.
 */
export function addressPanelZones(panel: Zone, safeMargin: number, areaWidth?: number): AddressPanelZones {
  const width = Math.min(areaWidth ?? panel.width, panel.width);
  const addressArea = zone(panel.x + panel.width - width, panel.y, width, panel.height);
  const inner = inset(panel, safeMargin);
  const areaLeft = Math.max(inner.x, addressArea.x) + CLEARANCE;
  const right = panel.x + panel.width;
  const bottom = panel.y + panel.height;
  const ocrReadArea = zone(
    panel.x + OCR_SIDE,
    bottom - OCR_TOP,
    panel.width - 2 * OCR_SIDE,
    OCR_TOP - OCR_BOTTOM,
  );
  const postage = zone(inner.x + inner.width - POSTAGE_WIDTH, inner.y, POSTAGE_WIDTH, POSTAGE_HEIGHT);
  const returnX = areaLeft;
  const returnWidth = Math.min(RETURN_WIDTH, postage.x - 2 * CLEARANCE - returnX);
  const returnAddress = zone(returnX, inner.y + CLEARANCE, returnWidth, RETURN_HEIGHT);
  const barcodeClear = zone(
    right - BARCODE_CLEAR_WIDTH,
    bottom - BARCODE_CLEAR_HEIGHT,
    BARCODE_CLEAR_WIDTH,
    BARCODE_CLEAR_HEIGHT,
  );
  // Bottom-right of the read area, below the postage area's white band on short panels, and
  // no wider than the address area leaves it.
  const recipientBottom = ocrReadArea.y + ocrReadArea.height;
  const recipientTop = Math.max(ocrReadArea.y, postage.y + postage.height + 2 * CLEARANCE);
  const readRight = ocrReadArea.x + ocrReadArea.width;
  const recipientWidth = Math.min(RECIPIENT_WIDTH, readRight - Math.max(ocrReadArea.x, areaLeft));
  const recipientHeight = Math.min(RECIPIENT_MAX_HEIGHT, recipientBottom - recipientTop);
  const recipient = zone(
    ocrReadArea.x + ocrReadArea.width - recipientWidth,
    recipientBottom - recipientHeight,
    recipientWidth,
    recipientHeight,
  );
  return { addressArea, ocrReadArea, recipient, returnAddress, postage, barcodeClear };
}

/**
 * What stampAddresses needs: the text zones, their clearance, and the zones kept blank (with
 * `inkFree`, the whole address area first: a postcard's ink-free zone).
 */
export function addressPanelLayout(zones: AddressPanelZones, inkFree = false): AddressLayout {
  return {
    returnZone: zones.returnAddress,
    returnStyle: 'block',
    recipientZone: zones.recipient,
    clearance: CLEARANCE,
    fontSizes: { max: 10, min: 6 },
    keepClear: [...(inkFree ? [zones.addressArea] : []), zones.postage, zones.barcodeClear],
    imbZone: zones.barcodeClear,
  };
}

export function inset(z: Zone, by: number): Zone {
  return zone(z.x + by, z.y + by, z.width - 2 * by, z.height - 2 * by);
}
