import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { isId } from '../../../platform/ids.js';
import type { VirtualMailbox } from './virtual-mailbox.schema.js';

export const MAILBOXES_TABLE = 'virtual_mailboxes';
export const ITEMS_TABLE = 'virtual_mailbox_items';

/** A mailbox with what is not in its doc: whose it is and its private mailbox number. */
export interface MailboxRow {
  doc: VirtualMailbox;
  orgId: string;
  live: boolean;
  pmb: number;
}

const COLUMNS = 'doc, org_id AS "orgId", live, pmb';

/** A caller's own mailbox. */
export async function getMailbox(db: Queryable, scope: Scope, id: string): Promise<MailboxRow | undefined> {
  const res = await db.query(
    `SELECT ${COLUMNS} FROM ${MAILBOXES_TABLE} WHERE id = $1 AND org_id = $2 AND live = $3`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0];
}

/**
 * The mail room's lookup, across organizations: by id, or by the number on the envelope
 * (`1001`, `PMB 1001`, `#1001`). `lock` holds the row for a change in the caller's transaction.
 */
export async function findMailbox(db: Queryable, ref: string, lock = false): Promise<MailboxRow | undefined> {
  const text = ref.trim();
  const number = /^(?:PMB\s*|#)?(\d{1,9})$/i.exec(text)?.[1];
  if (!number && !isId('virtual_mailbox', text)) return undefined;
  const where = number ? 'pmb = $1' : 'id = $1';
  const res = await db.query(
    `SELECT ${COLUMNS} FROM ${MAILBOXES_TABLE} WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
    [number ? Number(number) : text],
  );
  return res.rows[0];
}

/** Every mailbox for the mail room's list, with its organization's name; pending ones only if asked. */
export async function listMailboxesForOperator(
  db: Queryable,
  opts: { pendingOnly: boolean },
): Promise<Array<MailboxRow & { orgName: string }>> {
  const res = await db.query(
    `SELECT m.doc, m.org_id AS "orgId", m.live, m.pmb, o.name AS "orgName"
       FROM ${MAILBOXES_TABLE} m JOIN organizations o ON o.id = m.org_id
      WHERE NOT $1 OR m.doc ->> 'status' = 'pending_assignment'
      ORDER BY m.pmb`,
    [opts.pendingOnly],
  );
  return res.rows;
}
