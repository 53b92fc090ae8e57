/**
 * The reference's sections, in the order of the two API documents: address verification
 * (the US and Canadian API, then the international one, then Postroom's bulk lists), then
 * print & mail with contacts and letters first and the rest as the print-mail document lists
 * its resources (bank accounts, then section 4.4's order); Postroom's own last. An operation
 * tagged with a name missing here fails the docs test, so a new resource is placed on purpose.
 */
export const DOC_TAGS: ReadonlyArray<{ name: string; description: string }> = Object.freeze([
  {
    name: 'Address verification',
    description:
      'US and Canadian addresses: `/v1/addver`. Answers in the envelope `{status, message, data}`.',
  },
  { name: 'International address verification', description: 'Any country: `/v1/intl_addver`.' },
  {
    name: 'Bulk address verification',
    description:
      "Postroom's lists of addresses verified in the background from a CSV file: `/v1/addver_lists` (docs/bulk-verification.md).",
  },
  { name: 'Contacts', description: 'The people and companies mail goes to and comes from.' },
  {
    name: 'Letters',
    description: 'Letters from HTML, a template or a PDF, printed and mailed in an envelope.',
  },
  { name: 'Bank accounts', description: 'Accounts cheques are drawn on.' },
  { name: 'Templates', description: 'HTML with `{{merge variables}}`, reused by every kind of mail.' },
  { name: 'Trackers', description: 'Short links printed on mail whose visits are counted.' },
  { name: 'Webhooks', description: 'Signed HTTP calls when events happen, with their invocations.' },
  { name: 'Events', description: 'What happened to every resource, newest first.' },
  { name: 'Boxes', description: 'Up to 100 cheques mailed together in one box.' },
  { name: 'Postcards', description: 'Postcards of 6x4, 9x6 and 11x6 in.' },
  {
    name: 'Cheques',
    description: 'Cheques drawn on a bank account, printed with their MICR line, or digital only.',
  },
  { name: 'Self mailers', description: 'Folded self mailers (bifold and trifold).' },
  { name: 'Return envelopes', description: 'Envelopes sent with letters for the reply.' },
  { name: 'Snap packs', description: 'Pressure-sealed mailers.' },
  { name: 'Campaigns', description: 'One order profile sent to every contact of a mailing list.' },
  { name: 'Mailing lists', description: 'Contacts and imports gathered for a campaign.' },
  { name: 'Mailing list imports', description: 'Contacts imported from a CSV file.' },
  { name: 'Virtual mailboxes', description: 'Addresses that receive mail for you; its items are scanned.' },
  { name: 'Sub-organizations', description: 'Organizations under yours, with their own keys and mail.' },
  { name: 'Reports', description: 'SQL over your mail data, sampled and exported.' },
  { name: 'Targeted list builds', description: 'Mailing lists built from filters over address data.' },
  {
    name: 'Template editor sessions',
    description: 'A page where a user edits a template, to embed or link to.',
  },
  {
    name: 'Order profiles',
    description: 'Saved settings of a letter, postcard, self mailer or cheque, used by campaigns.',
  },
  {
    name: 'Operator',
    description: "The mail room's own calls (operator token): virtual mailboxes to activate and their mail.",
  },
]);
