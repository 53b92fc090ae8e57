import { createHash } from 'node:crypto';
import type { Queryable } from './pool.js';

/** A parametrised SQL statement: text with $1..$n placeholders, and their values. */
export interface Statement {
  text: string;
  values: unknown[];
  /** Set, the statement is prepared once per connection under this name (pg's named queries). */
  name?: string;
}

/** One part of a composed statement: a WITH query under its name. */
export interface NamedStatement {
  name: string;
  statement: Statement;
}

/** Renumbers $1..$n to $(offset+1)..$(offset+n). Parts must use `$` only for placeholders. */
function shiftPlaceholders(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/**
 * Joins statements, each written with its own $1..$n, into one: the parts become WITH queries
 * (data-modifying ones run to completion whether or not anything reads them) and `final` is
 * the main query, which may read the parts by name. One statement is atomic on its own, so a
 * create that writes several tables needs neither BEGIN nor COMMIT, and costs one round trip:
 * on a machine that is also rendering, every round trip is a chance to wait for a CPU.
 */
export function composeStatement(parts: NamedStatement[], final: Statement): Statement {
  const values: unknown[] = [];
  const withs = parts.map(({ name, statement }) => {
    const text = shiftPlaceholders(statement.text, values.length);
    values.push(...statement.values);
    return `${name} AS (\n${text}\n)`;
  });
  const main = shiftPlaceholders(final.text, values.length);
  values.push(...final.values);
  const text = withs.length ? `WITH ${withs.join(',\n')}\n${main}` : main;
  return { text, values, name: preparedName(text) };
}

/**
 * A composed statement is long (a letter create is a few KB, ~30 parameters), and unnamed,
 * PostgreSQL parses and plans it on every send, a good part of its cost. Named, each
 * connection prepares it once. The name is the text's hash, so texts that differ (one new
 * contact or two, another order kind, another schema's queue tables) never share a name;
 * the handful of shapes the code composes keep the per-connection cache small.
 */
function preparedName(text: string): string {
  return `composed:${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * Sends a statement that may give up on purpose: postroom_expect (migrations/0033_expect.sql)
 * aborts it whole, with nothing written, when what it expects is not so. False then.
 */
export async function queryUnlessExpectationFails(db: Queryable, statement: Statement): Promise<boolean> {
  try {
    await db.query(statement);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'PRX01') return false;
    throw err;
  }
}
