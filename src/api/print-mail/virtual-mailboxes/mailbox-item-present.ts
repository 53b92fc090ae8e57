import { searchTextOf } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { MailboxItem, StoredMailboxItem } from './virtual-mailbox.schema.js';

/** An item as reads (and its event) answer it: its scans as fresh signed links, not blob keys. */
export function presentItem(doc: StoredMailboxItem, signer: UrlSigner): MailboxItem {
  const { envelopeScanKey, contentsScanKey, ...shown } = doc;
  const item: MailboxItem = { ...shown };
  if (envelopeScanKey) item.fileURL = signer.urlFor(envelopeScanKey);
  if (contentsScanKey) item.contentsFileURL = signer.urlFor(contentsScanKey);
  return item;
}

export const itemSearchText = (doc: StoredMailboxItem) =>
  searchTextOf({
    id: doc.id,
    v: doc.virtualMailbox,
    l: doc.matchedLetter,
    f: doc.forwardedLetter,
    d: doc.description,
    m: doc.metadata,
  });
