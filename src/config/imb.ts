/**
 * The print shop's Intelligent Mail barcode settings (USPS-B-3200) and the IV-MTR push
 * credentials, read from the environment by config.ts (docs/operations.md, "Mail tracking").
 */
export interface ImbConfig {
  /** POSTROOM_IMB_MAILER_ID: the shop's USPS Mailer ID, 6 or 9 digits; unset: no barcodes. */
  mailerId: string | undefined;
  /** POSTROOM_IMB_BARCODE_ID: 2 digits, the second 0-4 (default 00: no presort identification). */
  barcodeId: string;
  /** The Service Type ID printed for each mailing class that carries a barcode. */
  serviceTypeIds: Readonly<Record<string, string>>;
  /** POSTROOM_IVMTR_PUSH_USER / _PASSWORD: HTTP Basic credentials of the IV-MTR push endpoint; unset: it is off. */
  pushUser: string | undefined;
  pushPassword: string | undefined;
}

/**
 * Default Service Type IDs (USPS STID table) by mailing class; POSTROOM_IMB_SERVICE_TYPES
 * (`class=STID,...`) replaces any. Every default asks for IV-MTR scan data, without which
 * there is no imbStatus, and no address correction service, which needs an ACS account:
 * - 310: First-Class Mail, Basic automation, with IV MTR, no address corrections (no
 *   printed endorsement). Certified and registered pieces are First-Class Mail with an
 *   extra service, so they get it too.
 * - 311: USPS Marketing Mail, Basic automation, with IV MTR, no address corrections.
 * - 710: Priority Mail (basic, no IV MTR): express pieces travel under their own tracking
 *   number (trackingNumber), not barcode scans.
 * Courier classes carry the courier's label, and the other countries' classes never go to
 * a US address, so neither has a barcode; nor has EDDM saturation mail, which is unaddressed.
 */
export const DEFAULT_SERVICE_TYPE_IDS: Readonly<Record<string, string>> = Object.freeze({
  first_class: '310',
  us_post_first_class: '310',
  certified: '310',
  certified_return_receipt: '310',
  registered: '310',
  us_post_first_class_certified: '310',
  us_post_first_class_certified_return_receipt: '310',
  us_post_first_class_registered: '310',
  standard_class: '311',
  us_post_standard_class: '311',
  express: '710',
  us_post_express_2_day: '710',
  us_post_express_3_day: '710',
  us_post_express_3_day_signature_confirmation: '710',
  us_post_express_3_day_certified: '710',
  us_post_express_3_day_certified_return_receipt: '710',
});

type Env = Record<string, string | undefined>;

export function parseImbConfig(env: Env): ImbConfig {
  const mailerId = env.POSTROOM_IMB_MAILER_ID?.trim() || undefined;
  // USPS assigns 6-digit Mailer IDs starting 0-8 and 9-digit ones starting with 9.
  if (mailerId !== undefined && !/^([0-8]\d{5}|9\d{8})$/.test(mailerId))
    throw new Error(
      `POSTROOM_IMB_MAILER_ID must be 6 digits (not starting with 9) or 9 digits starting with 9, got "${mailerId}"`,
    );
  const barcodeId = env.POSTROOM_IMB_BARCODE_ID?.trim() || '00';
  if (!/^\d[0-4]$/.test(barcodeId))
    throw new Error(`POSTROOM_IMB_BARCODE_ID must be 2 digits, the second 0-4, got "${barcodeId}"`);
  const pushUser = env.POSTROOM_IVMTR_PUSH_USER?.trim() || undefined;
  const pushPassword = env.POSTROOM_IVMTR_PUSH_PASSWORD || undefined;
  if (Boolean(pushUser) !== Boolean(pushPassword))
    throw new Error('POSTROOM_IVMTR_PUSH_USER and POSTROOM_IVMTR_PUSH_PASSWORD go together');
  if (pushPassword && pushPassword.length < 16)
    throw new Error('POSTROOM_IVMTR_PUSH_PASSWORD must be at least 16 characters');
  return {
    mailerId,
    barcodeId,
    serviceTypeIds: Object.freeze(serviceTypes(env.POSTROOM_IMB_SERVICE_TYPES)),
    pushUser,
    pushPassword,
  };
}

function serviceTypes(raw: string | undefined): Record<string, string> {
  const table = { ...DEFAULT_SERVICE_TYPE_IDS };
  for (const pair of (raw ?? '').split(',').filter((p) => p.trim())) {
    const [cls, stid] = pair.split('=').map((s) => s.trim());
    if (!Object.hasOwn(DEFAULT_SERVICE_TYPE_IDS, cls ?? ''))
      throw new Error(
        `POSTROOM_IMB_SERVICE_TYPES: "${cls}" is not a mailing class with a barcode (${Object.keys(DEFAULT_SERVICE_TYPE_IDS).join(', ')})`,
      );
    if (!/^\d{3}$/.test(stid ?? ''))
      throw new Error(
        `POSTROOM_IMB_SERVICE_TYPES: the Service Type ID of ${cls} must be 3 digits, got "${stid}"`,
      );
    table[cls] = stid;
  }
  return table;
}
