import type { MailroomAddress } from '../../../config/mailroom.js';
import { apiError } from '../../../platform/errors.js';
import type { MailboxAddress } from './virtual-mailbox.schema.js';

/** The mailbox's own line: the mail room sorts what arrives by it. */
export const pmbLine = (pmb: number) => `PMB ${pmb}`;

/**
 * Where a mailbox receives mail: the mail room's street address (POSTROOM_MAILROOM_ADDRESS)
 * with the mailbox's private mailbox number on the second line, after the mail room's own
 * suite if it has one. A server without a mail room address has none to give: 503.
 */
export function mailboxAddress(mailroom: MailroomAddress | undefined, pmb: number): MailboxAddress {
  if (!mailroom)
    throw apiError(
      'service_unavailable_error',
      'This server has no mail room address yet: its operator sets POSTROOM_MAILROOM_ADDRESS.',
    );
  return {
    object: 'virtual_mailbox_address',
    addressLine1: mailroom.addressLine1,
    addressLine2: [mailroom.addressLine2, pmbLine(pmb)].filter(Boolean).join(' '),
    city: mailroom.city,
    provinceOrState: mailroom.provinceOrState,
    postalOrZip: mailroom.postalOrZip,
    countryCode: 'US',
  };
}
