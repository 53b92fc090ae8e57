import type { Queryable } from '../../../db/pool.js';

export interface OrganizationRow {
  id: string;
  name: string;
  parentName: string | null;
  disabledAt: string | null;
  createdAt: string;
}

/** Every organization, for the operator's picker (a self-hosted server has few). */
export async function listOrganizations(db: Queryable, limit = 1000): Promise<OrganizationRow[]> {
  const res = await db.query(
    `SELECT o.id, o.name, p.name AS "parentName", o.disabled_at AS "disabledAt", o.created_at AS "createdAt"
     FROM organizations o LEFT JOIN organizations p ON p.id = o.parent_id
     ORDER BY o.name LIMIT $1`,
    [limit],
  );
  return res.rows;
}

/** The stored files of one print batch, or undefined. */
export async function batchFiles(
  db: Queryable,
  id: string,
): Promise<{ pdfKey: string; manifestCsvKey: string; manifestJsonKey: string } | undefined> {
  const res = await db.query(
    `SELECT pdf_key AS "pdfKey", manifest_csv_key AS "manifestCsvKey", manifest_json_key AS "manifestJsonKey"
     FROM print_batches WHERE id = $1`,
    [id],
  );
  return res.rows[0];
}
