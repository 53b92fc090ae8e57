import type { ContactAddressing } from './print-mail/contacts/contact-address.js';

/**
 * The address services contacts use. Interim until the address engine lands (issues A1/A2):
 * no splitting of a whole address in addressLine1, and live-mode contacts are not claimed
 * verified — they are stored as given with status `failed` and an error saying why.
 */
export function createAddressing(): ContactAddressing {
  return {
    split: () => undefined,
    verify: async (address) => ({
      status: 'failed',
      errors: 'generic: Address verification is not available on this server yet',
      address,
    }),
  };
}
