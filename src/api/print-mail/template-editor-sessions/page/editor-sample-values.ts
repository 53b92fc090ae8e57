import {
  type AddressContact,
  buildMergeContext,
  findMissingVariables,
  type MergeContact,
  type MergeContext,
} from '../../../../engines/render/index.js';
import { qrCodeDataUrl } from '../../trackers/tracker-qr.js';
import { isTrackerVariable, TRACKER_URL_PATH } from '../../trackers/tracker-refs.js';

/** The recipient a preview is addressed to: `{{to.firstName}}` prints "Jane". */
export const SAMPLE_TO: AddressContact & MergeContact = {
  firstName: 'Jane',
  lastName: 'Sample',
  companyName: 'Sample Company',
  addressLine1: '123 Sample Street',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62701',
  countryCode: 'US',
  email: 'jane@example.com',
};

export const SAMPLE_FROM: AddressContact & MergeContact = {
  companyName: 'Your Company',
  addressLine1: '1 Sender Way',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62702',
  countryCode: 'US',
};

/**
 * What a preview merges the edited HTML over: the sample contacts as `to` and `from`, every
 * other variable the HTML prints as its own name in brackets (`{{offer.code}}` prints
 * "[offer.code]"), and each tracker as a sample link and its QR code, as an order prints them.
 */
export function sampleMergeContext(html: string, publicUrl: string): MergeContext {
  const context = buildMergeContext({}, SAMPLE_TO, SAMPLE_FROM);
  const trackerLink = `${publicUrl}${TRACKER_URL_PATH}/preview`;
  for (const name of findMissingVariables(html, context)) {
    if (isTrackerVariable(name)) {
      context[name.replace(/\.qrcode$/, '')] = {
        toString: () => trackerLink,
        qrcode: qrCodeDataUrl(trackerLink),
      };
      continue;
    }
    setSample(context, name.split('.'), name);
  }
  return context;
}

/** Sets a dotted name; an object met on the way prints as its own name too (`{{offer}}` beside `{{offer.code}}`). */
function setSample(context: MergeContext, parts: string[], name: string): void {
  let scope: Record<string, unknown> = context;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      if (scope[part] === undefined) scope[part] = `[${name}]`;
      return;
    }
    const existing = scope[part];
    if (existing === null || typeof existing !== 'object') {
      const label = `[${parts.slice(0, i + 1).join('.')}]`;
      scope[part] = { toString: () => label };
    }
    scope = scope[part] as Record<string, unknown>;
  });
}
