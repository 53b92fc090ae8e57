import type { PlacedAreas } from './layers.js';

/**
 * Spec 2.3's census and legislative fields, each from the imported layer that holds the point
 * (docs/verification.md, "Census and legislative geographies"). Nothing is guessed: a layer
 * not imported, or with no area at the point, leaves its fields out.
 */
export interface CensusDetails {
  /** State + county FIPS, 5 digits ("21111"): the county layer, else the block's or tract's own. */
  usCensusFIPS?: string;
  /** TRACTCE, 6 digits ("010300"): the tract layer, else the block's. */
  usCensusTractNumber?: string;
  /** BLOCKCE20, 4 digits ("1001"; its first digit is the block group). */
  usCensusBlockNumber?: string;
  /** CBSAFP: the metropolitan or micropolitan statistical area (the older MSA). */
  usCensusMSA?: string;
  /** CSAFP: the combined statistical area (the older CMSA). */
  usCensusCMSA?: string;
  /** METDIVFP: the metropolitan division (the older PMSA). */
  usCensusPMSA?: string;
  /** CBSAFP when the CBSA is metropolitan (LSAD M1); absent for a micropolitan one (the older MA). */
  usCensusMA?: string;
  /** SLDUST ("035"); absent where the state has none there (ZZZ). */
  usStateLegislativeUpper?: string;
  /** SLDLST ("043"); absent where the state has none there (ZZZ, Nebraska, DC). */
  usStateLegislativeLower?: string;
  /** The congressional district as the ZCTA table writes it ("3"; "AL" for an at-large seat or a delegate). */
  usCongressionalDistrictNumber?: string;
}

/** Codes the Census uses for "no such area here": water (ZZ, ZZZ), not defined. */
const UNDEFINED_CODE = /^Z+$/;

export function censusDetails(areas: PlacedAreas): CensusDetails {
  const out: CensusDetails = {};
  const { county, tract, block, cd, sldu, sldl, cbsa, csa, metdiv } = areas;
  const countyOf = county ?? block ?? tract;
  if (countyOf?.state && countyOf.county) out.usCensusFIPS = countyOf.state + countyOf.county;
  const tractCode = tract?.code ?? block?.tract;
  if (tractCode) out.usCensusTractNumber = tractCode;
  if (block) out.usCensusBlockNumber = block.code;
  if (cbsa) {
    out.usCensusMSA = cbsa.code;
    if (cbsa.lsad === 'M1') out.usCensusMA = cbsa.code;
  }
  if (csa) out.usCensusCMSA = csa.code;
  if (metdiv) out.usCensusPMSA = metdiv.code;
  if (sldu && !UNDEFINED_CODE.test(sldu.code)) out.usStateLegislativeUpper = sldu.code;
  if (sldl && !UNDEFINED_CODE.test(sldl.code)) out.usStateLegislativeLower = sldl.code;
  const district = cd ? districtNumber(cd.code) : undefined;
  if (district) out.usCongressionalDistrictNumber = district;
  return out;
}

/**
 * CDnnnFP as the ZCTA table writes districts: "03" -> "3"; "00" (at large) and "98" (a
 * delegate: DC, Puerto Rico, the territories) -> "AL"; "ZZ" (water) -> none.
 */
export function districtNumber(code: string): string | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  if (code === '00' || code === '98') return 'AL';
  return String(Number(code));
}
