import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '../../../db/pool.js';
import type { Scan } from './scan-records.js';

/**
 * How many parts an import is applied in (migrations/0065): a scan's part is the last digit of
 * its tracking code (the serial's) modulo this, so an order's scans all fall in one part. Two:
 * this machine's cores, and the backends that can apply at once without waiting on each
 * other's rows.
 */
export const IMPORT_PARTS = 2;
/** A scan's part: its tracking code's last digit's character code has the digit's parity. */
const partOf = (tracking: string) => tracking.charCodeAt(tracking.length - 1) % IMPORT_PARTS;

/** The table an import's file is staged in: its own, dropped when its last part is applied. */
export const stageTable = (importId: string) => `imb_stage_${BigInt(importId)}`;

/**
 * A new import, its parts and its stage, in the transaction that stages the file: if the file
 * cannot be read to its end, none of them exists. Answers the import's id.
 */
export async function createStage(tx: Queryable, now: Date): Promise<string> {
  const res = await tx.query('INSERT INTO imb_imports (created_at) VALUES ($1) RETURNING id::text', [now]);
  const id: string = res.rows[0].id;
  await tx.query(
    'INSERT INTO imb_import_parts (import_id, part) SELECT $1, p FROM generate_series(0, $2 - 1) AS p',
    [id, IMPORT_PARTS],
  );
  // Byte order ("C") for the codes the parts group and match by: migrations/0066.
  await tx.query(`CREATE TABLE ${stageTable(id)} (part int NOT NULL, tracking text COLLATE "C" NOT NULL,
    scanned_ms bigint NOT NULL, event_code text COLLATE "C" NOT NULL, operation_code text COLLATE "C" NOT NULL,
    facility_zip text COLLATE "C" NOT NULL, status text, detail text NOT NULL)`);
  return id;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
/** A value in COPY's text format (digits and the status never need it; codes and JSON may). */
const text = (value: string) =>
  SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;

/** A batch of scans as COPY text, one line each, in the stage's column order (its part first). */
export function stageText(scans: Scan[]): string {
  let out = '';
  for (const s of scans)
    out += `${partOf(s.tracking)}\t${s.tracking}\t${s.at}\t${text(s.scanEventCode)}\t${text(s.operationCode)}\t${s.facilityZip}\t${s.status ?? '\\N'}\t${s.detailEscaped ? text(s.detail) : s.detail}\n`;
  return out;
}

/**
 * The stage's COPY, open while the file is read: what is written reaches the database while
 * the next batch is parsed, and a write waits when the database has fallen behind (so the
 * file never piles up in memory). abort() undoes the COPY (CopyFail): a file cut off stages
 * nothing.
 */
export function openStage(tx: pg.PoolClient, table: string) {
  const copy = tx.query(copyFrom(`COPY ${table} FROM STDIN (FREEZE)`));
  const done = finished(copy);
  return {
    async write(text: string): Promise<void> {
      if (!copy.write(text)) await Promise.race([once(copy, 'drain'), done]);
    },
    /** The COPY finished, and the stage's statistics gathered, so its parts are planned for their size. */
    async end(): Promise<void> {
      copy.end();
      await done;
      await tx.query(`ANALYZE ${table}`);
    },
    async abort(err: Error): Promise<void> {
      copy.destroy(err);
      await done.catch(() => {});
    },
  };
}
