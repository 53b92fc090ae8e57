/** What verification receives: a freeform line or the structured fields of spec 4.1. */
export interface StructuredInput {
  line1: string;
  line2?: string;
  city?: string;
  provinceOrState?: string;
  postalOrZip?: string;
  country?: string;
  recipient?: string;
  /** Puerto Rico's urbanization (the neighbourhood that tells apart streets of one name in a ZIP). */
  urbanization?: string;
}

export type VerifyInput = string | StructuredInput;

export interface VerifyOptions {
  properCase?: boolean;
  includeDetails?: boolean;
  geocode?: boolean;
}
