import { parseAddressDetail } from '../engines/address/index.js';
import { type AddressVerifier, errorsAsText, type VerifiedAddress } from '../engines/address/verify/index.js';
import type {
  AddressCheck,
  AddressFields,
  ContactAddressing,
} from './print-mail/contacts/contact-address.js';

const upper = (s: string | undefined) => (s ? s.toUpperCase() : undefined);

/**
 * The address services contacts use: the parser splits a whole address written in
 * addressLine1; live contacts are verified against the reference points and stored in
 * their standardized upper-case form (the input as given, upper-cased, when it failed).
 */
export function createAddressing(verifier: AddressVerifier): ContactAddressing {
  return {
    split: (line, countryCode) => {
      const d = parseAddressDetail(countryCode ? `${line}, ${countryCode}` : line);
      const f = d.fields;
      if (!f.road && !f.poBox) return undefined;
      const street = [f.houseNumber, f.road].filter(Boolean).join(' ') || `PO BOX ${f.poBox}`;
      return {
        addressLine1: street,
        ...(f.unit ? { addressLine2: f.unit } : {}),
        ...(f.city ? { city: f.city } : {}),
        ...(f.state ? { provinceOrState: f.state } : {}),
        ...(f.postcode ? { postalOrZip: f.postcode } : {}),
      };
    },
    verify: async (address) => contactCheck(address, await verifier.verify(verifyInput(address))),
    // One call for a batch: its ZIP blocks are read ahead together (AddressVerifier.verifyMany).
    verifyMany: async (addresses) => {
      const results = await verifier.verifyMany(addresses.map(verifyInput));
      return results.map((result, i) => contactCheck(addresses[i], result));
    },
  };
}

const verifyInput = (address: AddressFields) => ({
  line1: address.addressLine1,
  line2: address.addressLine2,
  city: address.city,
  provinceOrState: address.provinceOrState,
  postalOrZip: address.postalOrZip,
  country: address.countryCode,
});

/** A verification as a contact stores it: standardized, or the input upper-cased when it failed. */
function contactCheck(address: AddressFields, result: VerifiedAddress): AddressCheck {
  const standardized: AddressFields =
    result.status === 'failed'
      ? {
          ...address,
          addressLine1: address.addressLine1.toUpperCase(),
          addressLine2: upper(address.addressLine2),
          city: upper(address.city),
          provinceOrState: upper(address.provinceOrState),
          postalOrZip: upper(address.postalOrZip),
        }
      : {
          addressLine1: result.line1,
          ...(result.line2 ? { addressLine2: result.line2 } : {}),
          city: result.city,
          provinceOrState: result.provinceOrState,
          postalOrZip: result.postalOrZip,
          countryCode: address.countryCode,
        };
  return { status: result.status, errors: errorsAsText(result.errors) || undefined, address: standardized };
}
