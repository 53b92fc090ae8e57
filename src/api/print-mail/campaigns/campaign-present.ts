import { searchTextOf } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { Campaign } from './campaign.schema.js';

/** A campaign as reads answer it: its preview and report as fresh signed links, not blob keys. */
export function presentCampaign(doc: Campaign, signer: UrlSigner): Campaign {
  const { reportKey, previewKey, ...shown } = doc;
  return {
    ...shown,
    ...(previewKey ? { orderPreviewURL: signer.urlFor(previewKey) } : {}),
    ...(reportKey ? { reportURL: signer.urlFor(reportKey) } : {}),
  };
}

export const campaignSearchText = (doc: Campaign) =>
  searchTextOf({ id: doc.id, l: doc.mailingList, s: doc.status, d: doc.description, m: doc.metadata });
