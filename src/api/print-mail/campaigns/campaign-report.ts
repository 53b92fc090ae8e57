import type { Queryable } from '../../../db/pool.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { Campaign } from './campaign.schema.js';
import { campaignOutcomes } from './campaign-orders.repo.js';

const csvField = (value: string | null) =>
  value === null ? '' : /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** The processing report (`reportURL`): one CSV line per contact, with its order or why it has none. */
export async function writeCampaignReport(
  db: Queryable,
  blobs: BlobStore,
  campaign: Campaign,
): Promise<string> {
  const rows = await campaignOutcomes(db, campaign.id);
  const lines = [
    'contactID,orderID,error',
    ...rows.map((r) => [r.contactId, r.orderId, r.error].map(csvField).join(',')),
  ];
  const key = `campaigns/${campaign.live ? 'live' : 'test'}/${campaign.id}/report.csv`;
  await blobs.put(key, Buffer.from(`${lines.join('\n')}\n`), { contentType: 'text/csv' });
  return key;
}
