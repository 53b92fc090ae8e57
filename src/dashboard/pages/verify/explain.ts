import type { VerifiedAddress } from '../../../engines/address/verify/index.js';
import { addressBlock } from '../../format.js';
import { type Html, html } from '../../html.js';

export type Verified = VerifiedAddress;

const VERDICTS: Record<Verified['status'], string> = {
  verified: 'Verified: the address is deliverable as written.',
  corrected: 'Corrected: the address is deliverable once the changes below are made.',
  failed: 'Failed: the address could not be confirmed; mail to it may not arrive.',
};

const FIELD_NAMES: Record<string, string> = {
  line1: 'Street line',
  line2: 'Second line',
  city: 'City',
  provinceOrState: 'State or province',
  postalOrZip: 'ZIP or postal code',
  country: 'Country',
  generalErrors: 'Address',
};

/** The verification answer in words: the verdict, the standardized address, and why, field by field. */
export function explainVerification(v: Verified): Html {
  const problems = Object.entries(v.errors ?? {}).filter(([, list]) => list.length > 0);
  return html`<section class="card narrow" aria-labelledby="result-h" role="status">
  <h2 id="result-h">Result</h2>
  <p class="verdict status-${v.status}">${VERDICTS[v.status] ?? v.status}</p>
  <h3>Standardized address</h3>
  ${addressBlock({
    addressLine1: v.line1,
    addressLine2: v.line2,
    city: v.city,
    provinceOrState: v.provinceOrState,
    postalOrZip: v.postalOrZip,
    countryCode: v.country.toUpperCase(),
  })}
  ${
    problems.length
      ? html`<h3>Why</h3><ul>${problems.map(
          ([fieldName, list]) =>
            html`<li><strong>${FIELD_NAMES[fieldName] ?? fieldName}:</strong> ${list.join('; ')}</li>`,
        )}</ul>`
      : html`<p>Every part of the address matched the reference data.</p>`
  }
</section>`;
}
