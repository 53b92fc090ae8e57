import countries from 'i18n-iso-countries';
import { ApiError } from '../../../platform/errors.js';
import { ContactCreate } from '../contacts/contact.schema.js';
import type { ContactRow } from '../contacts/contacts.repo.js';
import { type ContactContext, prepareContact } from '../contacts/contacts.service.js';
import type { ColumnPlan, PartyColumns } from './import-mapping.js';

/**
 * One data row as the job settled it: the contact it becomes (and its sender's, when the
 * import maps senders), or why it cannot be one.
 */
export type RowOutcome =
  | { row: number; contact: ContactRow; sender?: ContactRow }
  | { row: number; field: string; message: string };

type Problem = { field: string; message: string };

export interface NumberedRow {
  /** As a spreadsheet numbers it: the header is row 1 (blank rows are not counted). */
  row: number;
  cells: string[];
}

const MAX_LENGTH = Object.fromEntries(
  Object.entries(ContactCreate.properties).map(([field, schema]) => [
    field,
    (schema as { maxLength?: number }).maxLength,
  ]),
) as Record<string, number | undefined>;

/**
 * Settles a batch of rows exactly as POST /contacts settles a body (prepareContact: cleaned,
 * checked, split, verified in live mode, hashed for de-duplication), all at once so their
 * verifications go to the engine together (ctx.addressing batches them). A row's sender, when
 * the import maps one, is settled the same way beside its receiver, and a row is valid only
 * when both are; a sender's problem names its field as `sender.<field>`. Nothing is written.
 */
export function settleRows(
  rows: NumberedRow[],
  plan: ColumnPlan,
  ctx: ContactContext,
): Promise<RowOutcome[]> {
  return Promise.all(
    rows.map(async ({ row, cells }): Promise<RowOutcome> => {
      const extra = cells.slice(plan.headerLength).filter((c) => c.trim() !== '').length;
      if (extra)
        return {
          row,
          field: 'row',
          message: `row has ${extra} more non-empty cells than the header has columns (a comma in an unquoted value?).`,
        };
      const [contact, sender] = await Promise.all([
        settleParty(plan, cells, ctx, ''),
        plan.sender ? settleParty(plan.sender, cells, ctx, 'sender.') : undefined,
      ]);
      if ('field' in contact) return { row, ...contact };
      if (sender && 'field' in sender) return { row, ...sender };
      return { row, contact, ...(sender ? { sender } : {}) };
    }),
  );
}

/** One party of a row (`prefix`: '' for the receiver, 'sender.' for its sender) as a contact, or its problem. */
async function settleParty(
  columns: PartyColumns,
  cells: string[],
  ctx: ContactContext,
  prefix: string,
): Promise<ContactRow | Problem> {
  const input = contactInput(columns, cells);
  if ('problem' in input) return named(input.problem, prefix);
  try {
    return await prepareContact(input, ctx);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    return named(problemOf(columns, err.message), prefix);
  }
}

const named = ({ field, message }: Problem, prefix: string): Problem => ({
  field: `${prefix}${field}`,
  message: `${prefix}${message}`,
});

/** The create body a party's cells stand for, or the first problem a create would answer with a 400 for. */
function contactInput(columns: PartyColumns, cells: string[]): ContactCreate | { problem: Problem } {
  const input: Record<string, unknown> = {};
  for (const { name, index, column } of columns.fields) {
    const value = (cells[index] ?? '').trim();
    const max = MAX_LENGTH[name];
    if (max !== undefined && value.length > max)
      return {
        problem: { field: name, message: `${name} is longer than ${max} characters. (column "${column}")` },
      };
    input[name] = name === 'countryCode' ? countryCodeOf(value) : value;
  }
  const metadata = Object.fromEntries(
    columns.variables.flatMap(({ name, index }) =>
      cells[index]?.trim() ? [[name, cells[index].trim()]] : [],
    ),
  );
  if (Object.keys(metadata).length) input.metadata = metadata;
  return input as ContactCreate;
}

/**
 * A spreadsheet's country column often holds the name ("Canada"): taken as its code. Codes
 * go through as they are, and the create checks them as POST /contacts does.
 */
function countryCodeOf(value: string): string {
  if (value.length <= 3) return value;
  return countries.getAlpha2Code(value, 'en') ?? value;
}

/** A create's 400 (`<field> <problem>`) as the report's field and message, with the column it came from. */
function problemOf(columns: PartyColumns, message: string): Problem {
  const field = message.split(' ', 1)[0];
  const column = columns.fields.find((f) => f.name === field)?.column;
  return { field, message: column ? `${message} (column "${column}")` : message };
}
