import type { Queryable } from '../../../db/pool.js';

/** USPS wants a Mailer ID's serial unique for this long (Intelligent Mail barcode rules). */
export const SERIAL_UNIQUE_DAYS = 45;
/** Serials a process takes at once: one statement (and one commit) per this many pieces. */
const BLOCK = 100;

export class SerialsExhaustedError extends Error {}

/** Serial digits of a Mailer ID: the tracking code has 15 digits for both together. */
export const serialDigits = (mailerId: string) => 15 - mailerId.length;

/**
 * Takes the next BLOCK serials of a Mailer ID for this process. The serial row's lock makes
 * blocks distinct across every server and worker; past the last serial the space starts
 * again at 0, and a block holding a serial issued within 45 days is refused rather than
 * printed twice (the row has moved on, so the next try takes the next block).
 */
async function reserveBlock(db: Queryable, mailerId: string, now: Date): Promise<number> {
  const space = 10 ** serialDigits(mailerId);
  const res = await db.query(
    `WITH block AS (
       INSERT INTO imb_serials AS s (mailer_id, last_serial) VALUES ($1, $2 - 1)
       ON CONFLICT (mailer_id) DO UPDATE
         SET last_serial = CASE WHEN s.last_serial + $2 >= $3 THEN $2 - 1 ELSE s.last_serial + $2 END
       RETURNING last_serial - $2 + 1 AS first)
     SELECT first, EXISTS (
       SELECT 1 FROM imb_barcodes b WHERE b.mailer_id = $1 AND b.serial BETWEEN first AND first + $2 - 1
         AND b.issued_at > $4::timestamptz - make_interval(days => $5)) AS "inUse"
     FROM block`,
    [mailerId, BLOCK, space, now, SERIAL_UNIQUE_DAYS],
  );
  const { first, inUse } = res.rows[0];
  if (inUse)
    throw new SerialsExhaustedError(
      `Mailer ID ${mailerId}: serials ${first}-${first + BLOCK - 1} were issued less than ${SERIAL_UNIQUE_DAYS} days ago (the ${space} serials wrapped around)`,
    );
  return Number(first);
}

interface Block {
  next: number;
  end: number;
}

/**
 * Hands out serials from blocks reserved in PostgreSQL, so a piece's serial costs a block's
 * statement only once per hundred pieces. Serials left in a block when the process stops
 * are never used; uniqueness is all that matters.
 */
export class SerialSource {
  private readonly blocks = new Map<string, Block>();
  private readonly refills = new Map<string, Promise<void>>();

  constructor(private readonly db: Queryable) {}

  async next(mailerId: string, now: Date): Promise<number> {
    for (;;) {
      const block = this.blocks.get(mailerId);
      if (block && block.next < block.end) return block.next++;
      // Pieces rendering side by side wait for one refill rather than each taking a block.
      let refill = this.refills.get(mailerId);
      if (!refill) {
        refill = reserveBlock(this.db, mailerId, now)
          .then((first) => void this.blocks.set(mailerId, { next: first, end: first + BLOCK }))
          .finally(() => this.refills.delete(mailerId));
        this.refills.set(mailerId, refill);
      }
      await refill;
    }
  }
}

const sources = new WeakMap<object, SerialSource>();

/** The process's serial source for a database (one per pool, so test runtimes keep theirs apart). */
export function serialSource(db: Queryable): SerialSource {
  const known = sources.get(db);
  if (known) return known;
  const source = new SerialSource(db);
  sources.set(db, source);
  return source;
}
