/**
 * What contacts need from the address engine, as an interface so the contacts code does not
 * depend on how parsing and verification are done (the app wires the real ones in).
 */
export interface AddressFields {
  addressLine1: string;
  addressLine2?: string;
  city?: string;
  provinceOrState?: string;
  postalOrZip?: string;
  countryCode: string;
}

export interface AddressCheck {
  status: 'verified' | 'corrected' | 'failed';
  /** `"line1: Incorrect Value: Suite identifier"` style, one string (wire-compat). */
  errors?: string;
  /** The standardized, upper-case address to store. */
  address: AddressFields;
}

export interface ContactAddressing {
  /** Splits a whole address written in addressLine1 into fields; undefined when it cannot. */
  split(line: string, countryCode: string): Omit<AddressFields, 'countryCode'> | undefined;
  /** Live mode only: verifies and standardizes the address. */
  verify(address: AddressFields): Promise<AddressCheck>;
  /** verify for many addresses at once (an import's batch), answers in input order. */
  verifyMany?(addresses: AddressFields[]): Promise<AddressCheck[]>;
}

/** True when addressLine1 looks like a whole address rather than a street line. */
export function looksLikeWholeAddress(input: Partial<AddressFields>): boolean {
  if (input.city || input.provinceOrState || input.postalOrZip) return false;
  return (
    /,/.test(input.addressLine1 ?? '') ||
    /\b\d{5}(-\d{4})?\s*$|\b[A-Z]\d[A-Z] ?\d[A-Z]\d\s*$/i.test(input.addressLine1 ?? '')
  );
}
