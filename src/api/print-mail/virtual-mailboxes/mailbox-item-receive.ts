import type { PDFDocument } from 'pdf-lib';
import type pg from 'pg';
import { getDoc, insertDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import { withTransaction } from '../../../db/tx.js';
import { getOrganization } from '../../../platform/auth/organizations.repo.js';
import { apiError, invalid } from '../../../platform/errors.js';
import { ID_PREFIX, isId, newId } from '../../../platform/ids.js';
import { checkMetadata } from '../../../platform/metadata.js';
import type { AppDeps } from '../../deps.js';
import { recordEvent } from '../events/record-event.js';
import { mailboxAddress, pmbLine } from './mailbox-address.js';
import { createForwardingLetter } from './mailbox-forward.js';
import { itemSearchText, presentItem } from './mailbox-item-present.js';
import { forwardingPdf, testEnvelopeScan } from './mailbox-pdfs.js';
import { checkScan } from './mailbox-scans.js';
import type { MailboxItem, StoredMailboxItem } from './virtual-mailbox.schema.js';
import { ITEMS_TABLE, type MailboxRow } from './virtual-mailboxes.repo.js';

/** What arrived, as the operator records it (or a test item, which has no scans of its own). */
export interface ItemInput {
  description?: string;
  matchedLetter?: string;
  metadata?: Record<string, unknown>;
  envelope?: Uint8Array;
  contents?: Uint8Array;
}

/** A checked item whose files are stored, ready to be written (writeItem) or thrown away (discardItemFiles). */
export interface PreparedItem {
  mailbox: MailboxRow;
  doc: StoredMailboxItem;
  files: string[];
  /** The forwarding letter's content, when the mailbox forwards. */
  forwardPdfKey?: string;
}

const scopeOfMailbox = (m: MailboxRow): Scope => ({ orgId: m.orgId, live: m.live });

async function checkInput(deps: AppDeps, mailbox: MailboxRow, input: ItemInput): Promise<void> {
  if (mailbox.doc.status !== 'active')
    throw apiError(
      'virtual_mailbox_status_error',
      `Virtual mailbox ${mailbox.doc.id} is ${mailbox.doc.status}: it receives mail once the mail room activates it.`,
    );
  if (input.description !== undefined && input.description.length > 1000)
    throw invalid('description', 'is longer than 1000 characters.');
  checkMetadata(input.metadata);
  const letter = input.matchedLetter?.trim();
  if (letter === undefined) return;
  if (!isId('letter', letter)) throw invalid('matchedLetter', 'must be a letter id (letter_...).');
  if (!(await getDoc(deps.pool, 'letters', scopeOfMailbox(mailbox), letter)))
    throw invalid(
      'matchedLetter',
      `refers to letter ${letter}, which the mailbox's organization does not have.`,
    );
}

interface Scan {
  name: 'envelope' | 'contents';
  bytes: Uint8Array;
  doc: PDFDocument;
}

/** The scans to keep: what the operator gave, checked, or a test item's pretend envelope. */
async function takeScans(
  mailbox: MailboxRow,
  input: ItemInput,
  made: { test: boolean; addressLines: () => string[]; itemId: string },
): Promise<Scan[]> {
  const { id, capabilities } = mailbox.doc;
  if (!capabilities.envelopeScans) {
    for (const field of ['envelope', 'contents'] as const)
      if (input[field])
        throw invalid(field, `cannot be given: virtual mailbox ${id} does not have envelope scans.`);
    return [];
  }
  const envelope =
    input.envelope ?? (made.test ? await testEnvelopeScan(made.addressLines(), made.itemId) : undefined);
  if (!envelope) throw invalid('envelope', `is required: virtual mailbox ${id} has envelope scans.`);
  const scans: Scan[] = [{ name: 'envelope', bytes: envelope, doc: await checkScan(envelope, 'envelope') }];
  if (input.contents)
    scans.push({ name: 'contents', bytes: input.contents, doc: await checkScan(input.contents, 'contents') });
  return scans;
}

/**
 * Checks an item for a mailbox (a 4xx naming the field, nothing stored) and stores its scans
 * and, for a forwarding mailbox, the forwarding letter's content. Reads only: the caller
 * writes it with writeItem in a transaction, and discards its files if that fails.
 */
export async function prepareItem(
  deps: AppDeps,
  mailbox: MailboxRow,
  input: ItemInput,
  opts: { test: boolean },
): Promise<PreparedItem> {
  await checkInput(deps, mailbox, input);
  const id = newId(ID_PREFIX.virtualMailboxItem);
  const forwards = mailbox.doc.capabilities.forwardMailTo !== undefined;
  const address = () => mailboxAddress(deps.config.mailroomAddress, mailbox.pmb);
  // A forward needs the mailbox's address as its return address: no address, no item.
  if (forwards) address();
  const addressLines = () => {
    const a = deps.config.mailroomAddress ? address() : undefined;
    return a
      ? [a.addressLine1, a.addressLine2, `${a.city} ${a.provinceOrState} ${a.postalOrZip}`]
      : [pmbLine(mailbox.pmb)];
  };
  const scans = await takeScans(mailbox, input, { test: opts.test, addressLines, itemId: id });
  const now = deps.clock.now();
  const base = `virtual_mailbox_items/${mailbox.live ? 'live' : 'test'}/${id}`;
  const files: string[] = [];
  const prepared: PreparedItem = { mailbox, files, doc: undefined as unknown as StoredMailboxItem };
  try {
    const keys: Partial<Record<'envelope' | 'contents', string>> = {};
    for (const scan of scans) {
      keys[scan.name] = `${base}-${scan.name}.pdf`;
      files.push(keys[scan.name]!);
      await deps.blobs.put(keys[scan.name]!, scan.bytes, { contentType: 'application/pdf' });
    }
    if (forwards) {
      const pdf = await forwardingPdf(
        {
          mailboxId: mailbox.doc.id,
          pmb: pmbLine(mailbox.pmb),
          itemId: id,
          receivedAt: now,
          description: input.description,
        },
        scans.map((s) => ({ field: s.name, doc: s.doc })),
      );
      prepared.forwardPdfKey = `${base}-forward.pdf`;
      files.push(prepared.forwardPdfKey);
      await deps.blobs.put(prepared.forwardPdfKey, pdf, { contentType: 'application/pdf' });
    }
    const stamp = now.toISOString();
    prepared.doc = {
      id,
      object: 'virtual_mailbox_item',
      live: mailbox.live,
      virtualMailbox: mailbox.doc.id,
      ...(input.description ? { description: input.description } : {}),
      ...(input.matchedLetter ? { matchedLetter: input.matchedLetter.trim() } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      ...(keys.envelope ? { envelopeScanKey: keys.envelope } : {}),
      ...(keys.contents ? { contentsScanKey: keys.contents } : {}),
      createdAt: stamp,
      updatedAt: stamp,
    };
    return prepared;
  } catch (err) {
    await discardItemFiles(deps, prepared);
    throw err;
  }
}

/**
 * Writes a prepared item in the caller's transaction: its forwarding letter (through the
 * letter create flow), the item, and its `virtual_mailbox_item.created` event, so that all
 * of them commit together and webhooks hear of the item once it exists.
 */
export async function writeItem(
  tx: pg.PoolClient,
  deps: AppDeps,
  prepared: PreparedItem,
  orgCountryCode: string,
): Promise<MailboxItem> {
  const { mailbox } = prepared;
  const scope = scopeOfMailbox(mailbox);
  const doc = { ...prepared.doc };
  if (prepared.forwardPdfKey) {
    const letter = await createForwardingLetter(tx, deps, {
      mailbox,
      itemId: doc.id,
      pdfKey: prepared.forwardPdfKey,
      address: mailboxAddress(deps.config.mailroomAddress, mailbox.pmb),
      orgCountryCode,
    });
    doc.forwardedLetter = letter.id;
  }
  await insertDoc(tx, ITEMS_TABLE, scope, doc, itemSearchText(doc));
  await recordEvent(
    tx,
    scope,
    { type: 'virtual_mailbox_item.created', data: presentItem(doc, deps.signer) },
    new Date(doc.createdAt),
  );
  return presentItem(doc, deps.signer);
}

/** Removes the files of an item that was not written (refused, rolled back, or a replayed create). */
export async function discardItemFiles(deps: Pick<AppDeps, 'blobs'>, prepared: PreparedItem): Promise<void> {
  await Promise.all(prepared.files.map((key) => deps.blobs.delete(key).catch(() => false)));
}

/**
 * The mail room records a piece of mail that arrived (operator API, `postroom mailbox
 * receive`): checked and stored, then written with its event (and forward) in one transaction.
 */
export async function receiveMailItem(
  deps: AppDeps,
  mailbox: MailboxRow,
  input: ItemInput,
): Promise<MailboxItem> {
  const prepared = await prepareItem(deps, mailbox, input, { test: false });
  try {
    const org = await getOrganization(deps.pool, mailbox.orgId);
    return await withTransaction(deps.pool, (tx) => writeItem(tx, deps, prepared, org?.countryCode ?? 'US'));
  } catch (err) {
    await discardItemFiles(deps, prepared);
    throw err;
  }
}
