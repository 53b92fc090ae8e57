import type { ContactCreate } from '../contacts/contact.schema.js';
import type { AreaPoint } from './area-points.repo.js';
import type { Audience } from './list-build-filters.js';

/**
 * The addressee of every contact a build makes. The points hold addresses, never who lives or
 * works there, so the names are the generic ones the post office delivers: a person's
 * `firstName` for consumers, a `companyName` for companies (a contact needs one of the two).
 */
export const ADDRESSEE = Object.freeze({
  consumers: { firstName: 'Current Resident' },
  companies: { companyName: 'Current Occupant' },
});

export const addresseeName = (audience: Audience): string =>
  audience === 'consumers' ? ADDRESSEE.consumers.firstName : ADDRESSEE.companies.companyName;

/** "STE 100", or "#73" for a bare unit number. */
function unitLine(p: AreaPoint): string | undefined {
  if (!p.unitId) return p.unitDesignator ?? undefined;
  return p.unitDesignator ? `${p.unitDesignator} ${p.unitId}` : `#${p.unitId}`;
}

/** A point as a contact create, checked and saved exactly as POST /contacts would. */
export function contactOfPoint(p: AreaPoint, audience: Audience): ContactCreate {
  const line2 = unitLine(p);
  return {
    ...ADDRESSEE[audience],
    addressLine1: `${p.number} ${p.street}`,
    ...(line2 ? { addressLine2: line2 } : {}),
    city: p.city,
    provinceOrState: p.state,
    postalOrZip: p.zip,
    countryCode: 'US',
  };
}

/** Each word's first character kept, the rest starred: "1920 NEWBURG RD" -> "1*** N****** R*". */
const mask = (text: string) => text.replace(/\S+/g, (w) => w[0] + '*'.repeat(w.length - 1));

/**
 * A quote's sample record: the street line and unit masked (the quote comes before anything
 * is paid for); the city, state and ZIP, which the caller chose, shown.
 */
export function previewOfPoint(p: AreaPoint, audience: Audience): { name: string; formattedAddress: string } {
  const line2 = unitLine(p);
  const parts = [mask(`${p.number} ${p.street}`), ...(line2 ? [mask(line2)] : []), p.city, p.state, p.zip];
  return { name: addresseeName(audience), formattedAddress: parts.join(', ') };
}
