import { searchTextOf } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { Campaign } from './campaign.schema.js';

/** A campaign as reads answer it: its report as a fresh signed link, not its blob key. */
export function presentCampaign(doc: Campaign, signer: UrlSigner): Campaign {
  const { reportKey, ...shown } = doc;
  return reportKey ? { ...shown, reportURL: signer.urlFor(reportKey) } : shown;
}

export const campaignSearchText = (doc: Campaign) =>
  searchTextOf({ id: doc.id, l: doc.mailingList, s: doc.status, d: doc.description, m: doc.metadata });
