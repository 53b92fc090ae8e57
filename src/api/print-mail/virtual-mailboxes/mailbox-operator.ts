import type { Pool } from '../../../db/pool.js';
import { replaceDoc } from '../../../db/resources.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { notFound } from '../../../platform/errors.js';
import type { AppDeps } from '../../deps.js';
import { pmbLine } from './mailbox-address.js';
import { type ItemInput, receiveMailItem } from './mailbox-item-receive.js';
import { virtualMailboxResource } from './virtual-mailbox.resource.js';
import type { MailboxItem, VirtualMailbox } from './virtual-mailbox.schema.js';
import {
  findMailbox,
  listMailboxesForOperator,
  MAILBOXES_TABLE,
  type MailboxRow,
} from './virtual-mailboxes.repo.js';

/**
 * What the mail room does, for the operator API and `postroom mailbox`: it names a mailbox
 * by id or by the PMB on the envelope, across every organization (it serves them all).
 */

async function mailboxNamed(db: Pool, ref: string): Promise<MailboxRow> {
  const mailbox = await findMailbox(db, ref);
  if (!mailbox) throw notFound('virtual_mailbox', ref);
  return mailbox;
}

/** Records a piece of mail that arrived for the mailbox `ref` names. */
export async function receiveForMailbox(deps: AppDeps, ref: string, input: ItemInput): Promise<MailboxItem> {
  return receiveMailItem(deps, await mailboxNamed(deps.pool, ref), input);
}

/**
 * Activates a mailbox the mail room has set up (a live one waits in `pending_assignment`);
 * an active one stays as it is, so running it twice is harmless.
 */
export async function activateMailbox(db: Pool, ref: string, now: Date): Promise<VirtualMailbox> {
  return withTransaction(db, async (tx) => {
    const mailbox = await findMailbox(tx, ref, true);
    if (!mailbox) throw notFound('virtual_mailbox', ref);
    if (mailbox.doc.status === 'active') return mailbox.doc;
    const doc: VirtualMailbox = { ...mailbox.doc, status: 'active', updatedAt: now.toISOString() };
    const scope = { orgId: mailbox.orgId, live: mailbox.live };
    await replaceDoc(tx, MAILBOXES_TABLE, scope, doc, virtualMailboxResource.searchText(doc));
    return doc;
  });
}

/** The mail room's view of its mailboxes: each with its PMB and whose it is; pending ones only if asked. */
export async function listForOperator(db: Pool, opts: { pendingOnly: boolean }) {
  const rows = await listMailboxesForOperator(db, opts);
  return rows.map((r) => ({
    ...r.doc,
    pmb: pmbLine(r.pmb),
    organization: r.orgName,
    organizationId: r.orgId,
  }));
}
