import type { AddressLayout, Zone } from '../pdf/address-zones.js';
import { inch, type PageSize } from '../sizes.js';
import {
  type AddressPanelZones,
  addressPanelLayout,
  addressPanelZones,
  inset,
} from './address-panel-zones.js';

export type MailpieceKind = 'postcard' | 'self_mailer' | 'snap_pack';

/** How the print shop finishes a piece after printing, for print manifests. */
export interface MailpieceFinishing {
  fold: 'none' | 'bifold' | 'trifold';
  /** Fold lines across the flat sheet, in inches from its top edge (trim); none for postcards. */
  foldsFromTopIn: number[];
  /**
   * Postcards need the stiffness of cover stock; folded self mailers get theirs from folding;
   * snap packs are printed on pressure-seal stock, whose coating bonds under the sealer's rollers.
   */
  stock: 'cover' | 'text' | 'pressure_seal';
  /**
   * A folded piece is closed so sorters cannot open it: a self mailer with wafer seals (tabs)
   * on its open edge, a snap pack by the pressure sealer all round.
   */
  seal: 'none' | 'wafer_seals_on_open_edge' | 'pressure_sealed';
  /** The piece as mailed, long side horizontal. */
  finishedSizeIn: { width: number; height: number };
  /** The same, as one sentence for a person at the folder. */
  instructions: string;
}

/**
 * One printable size of a two-sided mail piece. Lengths are PDF points; zones are in trim
 * coordinates (from the top-left corner of the flat sheet as cut).
 */
export interface MailpieceFormat {
  kind: MailpieceKind;
  /** The API's size name, e.g. `6x4` or `8.5x11_trifold`. */
  size: string;
  /** The flat sheet as cut, before any folding. */
  trim: PageSize;
  /** The printed page: the trim plus the bleed on every side. */
  page: PageSize;
  bleed: number;
  /** Text and anything that must not be cut stays this far inside the trim. */
  safeMargin: number;
  safeArea: Zone;
  /** Page 1 and page 2, as the API names them (front/back, inside/outside). */
  pageNames: readonly [string, string];
  /** Index of the page that carries the address (page 2 for every kind). */
  addressPage: number;
  /** The part of the address page that becomes the face of the mailed piece. */
  addressPanel: Zone;
  /** Horizontal fold lines, in points from the trim's top edge. */
  folds: readonly number[];
  zones: AddressPanelZones;
  /** The zones as stampAddresses takes them (trim coordinates). */
  layout: AddressLayout;
  finishing: MailpieceFinishing;
}

/** `postcard` or `self mailer`, for messages. */
export const kindName = (format: MailpieceFormat) => format.kind.replace('_', ' ');

export const BLEED = inch(0.125);
export const SAFE_MARGIN = inch(0.125);

interface FormatSpec {
  kind: MailpieceKind;
  size: string;
  trim: PageSize;
  page: PageSize;
  pageNames: readonly [string, string];
  /** Equal panels stacked top to bottom on the flat sheet: 1 (postcard), 2 or 3. */
  panels: 1 | 2 | 3;
  /** Which of them (from the top) is the mailing face on the address page. */
  addressPanel: number;
  /**
   * A postcard's ink-free zone: this wide from the right edge of its back, painted white and
   * holding the addresses and postage; the rest of the back is the customer's. Absent: the
   * whole address panel is the address area, and only the zones themselves are painted.
   */
  addressAreaWidth?: number;
}

const FOLDS = { 1: 'none', 2: 'bifold', 3: 'trifold' } as const;

/**
 * Builds a format from its sheet and panels, so every size follows the same rules: folds lie
 * between equal panels, and the address zones come from addressPanelZones.
 */
export function mailpieceFormat(spec: FormatSpec): MailpieceFormat {
  const { trim, page } = spec;
  // The page sizes live in sizes.ts with the rest; a row that disagrees with the bleed here
  // would misplace every zone, so it stops the process at start-up rather than print.
  if (page.width !== trim.width + 2 * BLEED || page.height !== trim.height + 2 * BLEED) {
    throw new Error(`mailpiece ${spec.size}: its page must be its trim plus ${BLEED} pt on every side`);
  }
  const panelHeight = trim.height / spec.panels;
  const folds = Array.from({ length: spec.panels - 1 }, (_, i) => (i + 1) * panelHeight);
  const addressPanel = { x: 0, y: spec.addressPanel * panelHeight, width: trim.width, height: panelHeight };
  const zones = addressPanelZones(addressPanel, SAFE_MARGIN, spec.addressAreaWidth);
  return Object.freeze({
    kind: spec.kind,
    size: spec.size,
    trim,
    page,
    bleed: BLEED,
    safeMargin: SAFE_MARGIN,
    safeArea: inset({ x: 0, y: 0, width: trim.width, height: trim.height }, SAFE_MARGIN),
    pageNames: spec.pageNames,
    addressPage: 1,
    addressPanel,
    folds,
    zones,
    layout: bleedingOut(addressPanelLayout(zones, spec.addressAreaWidth !== undefined), trim),
    finishing: finishing(spec, folds, panelHeight),
  });
}

function finishing(spec: FormatSpec, folds: number[], panelHeight: number): MailpieceFinishing {
  const fold = FOLDS[spec.panels];
  const finishedSizeIn = { width: inches(spec.trim.width), height: inches(panelHeight) };
  const finished = `${finishedSizeIn.width} × ${finishedSizeIn.height} in`;
  const flat = `${inches(spec.trim.width)} × ${inches(spec.trim.height)} in`;
  const foldsFromTopIn = folds.map(inches);
  if (fold === 'none') {
    return {
      fold,
      foldsFromTopIn,
      stock: 'cover',
      seal: 'none',
      finishedSizeIn,
      instructions: `${flat} postcard on cover stock, trimmed, not folded.`,
    };
  }
  if (spec.kind === 'snap_pack')
    return {
      fold,
      foldsFromTopIn,
      stock: 'pressure_seal',
      seal: 'pressure_sealed',
      finishedSizeIn,
      instructions: `${flat} sheet on pressure-seal stock; V-fold in half at ${foldsFromTopIn[0]} in from the top, inside in; run through the pressure sealer; the recipient opens it along the perforated edges. Finished ${finished}.`,
    };
  // USPS wants a folded self mailer's final fold on the bottom edge of its mailing face and
  // its open edge sealed; with the address panel on top (bifold) or in the middle (trifold,
  // top panel folded in first, bottom panel over it) the open edge is the top one.
  const how =
    fold === 'bifold'
      ? `fold in half at ${foldsFromTopIn[0]} in from the top, outside out`
      : `fold at ${foldsFromTopIn.join(' in and ')} in from the top, outside out: the top panel in first, then the bottom panel over it`;
  return {
    fold,
    foldsFromTopIn,
    stock: 'text',
    seal: 'wafer_seals_on_open_edge',
    finishedSizeIn,
    instructions: `${flat} sheet on text stock; ${how}; wafer seals on the open (top) edge. Finished ${finished}.`,
  };
}

/**
 * A zone kept clear that reaches a cut edge of the sheet is painted on into the bleed, so no
 * sliver of artwork is left at the edge when the cut drifts (a fold is not cut: it stops there).
 */
function bleedingOut(layout: AddressLayout, trim: PageSize): AddressLayout {
  const out = (z: Zone): Zone => {
    const [left, top] = [z.x <= 0.01 ? BLEED : 0, z.y <= 0.01 ? BLEED : 0];
    const right = z.x + z.width >= trim.width - 0.01 ? BLEED : 0;
    const bottom = z.y + z.height >= trim.height - 0.01 ? BLEED : 0;
    return { x: z.x - left, y: z.y - top, width: z.width + left + right, height: z.height + top + bottom };
  };
  return { ...layout, keepClear: layout.keepClear?.map(out) };
}

/** Inches to 3 decimals, as a print shop reads a ruler (11/3 in → 3.667). */
const inches = (pt: number) => Math.round((pt / 72) * 1000) / 1000;
