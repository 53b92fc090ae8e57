/**
 * Census geographies a verified point is placed in: the TIGER/Line boundary layers an operator
 * imported (`postroom data import tl_2024_21_tract.zip`; docs/verification.md, "Census and
 * legislative geographies"). Pure types: the store (reference-store/geography/) loads them.
 */

/** One id per TIGER/Line layer read: COUNTY, TRACT, TABBLOCK20, CDnnn, SLDU, SLDL, CBSA, CSA, METDIV, PLACE. */
export const LAYER_IDS = [
  'county',
  'tract',
  'block',
  'cd',
  'sldu',
  'sldl',
  'cbsa',
  'csa',
  'metdiv',
  'place',
] as const;
export type LayerId = (typeof LAYER_IDS)[number];

/** What a point learns from the area of a layer that holds it (the layer's own columns, as published). */
export interface AreaInfo {
  /** GEOID: "21111010300" for a tract, "31140" for a CBSA. */
  geoid: string;
  /** The layer's own code: COUNTYFP, TRACTCE, BLOCKCE20, CDnnnFP, SLDUST, SLDLST, CBSAFP, CSAFP, METDIVFP, PLACEFP. */
  code: string;
  /** STATEFP, where the layer has it. */
  state?: string;
  /** COUNTYFP (county, tract, block). */
  county?: string;
  /** TRACTCE (tract, block). */
  tract?: string;
  /** LSAD: M1 metropolitan / M2 micropolitan for a CBSA, the legal/statistical area description elsewhere. */
  lsad?: string;
  /** NAME (county) or NAMELSAD (the others). */
  name?: string;
}

/** The area of each imported layer that holds a point; a layer not imported, or with no area there, is absent. */
export type PlacedAreas = Partial<Record<LayerId, AreaInfo>>;

/** Where the verifier places points: a plain value when what it needs is in memory, else a promise. */
export interface GeographySource {
  place(lon: number, lat: number): PlacedAreas | Promise<PlacedAreas>;
  /** Loads what every placement needs first (which layers and areas exist), so the first request does not. */
  warm?(): Promise<void>;
}
