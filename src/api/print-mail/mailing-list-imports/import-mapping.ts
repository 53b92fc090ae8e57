import { invalid } from '../../../platform/errors.js';
import { METADATA_LIMITS } from '../../../platform/metadata.js';
import { type ImportCreate, MAPPABLE_FIELDS, type MappableField, type Mapping } from './import.schema.js';

/** A mapped column: what it fills, where it is in each row, and its name (for messages). */
export interface MappedColumn<Name extends string = string> {
  name: Name;
  index: number;
  column: string;
}

/** Which cell of a row fills which contact field and which merge variable (metadata key). */
export interface ColumnPlan {
  fields: MappedColumn<MappableField>[];
  variables: MappedColumn[];
  headerLength: number;
}

/**
 * Checks an import's mappings against its file's header: known fields, the required ones
 * (addressLine1, and firstName or companyName), every named column in the header once. A 400
 * names the mapping entry at fault, or `file` when the first row names none of the mapped
 * columns (the file has no header row).
 */
export function planColumns(input: ImportMappings, header: string[]): ColumnPlan {
  const receiver = input.receiverAddressMapping;
  for (const key of Object.keys(receiver))
    if (!(MAPPABLE_FIELDS as readonly string[]).includes(key))
      throw invalid(
        `receiverAddressMapping.${key}`,
        `is not a contact field (one of ${MAPPABLE_FIELDS.join(', ')}).`,
      );
  if (!receiver.addressLine1?.trim())
    throw invalid(
      'receiverAddressMapping.addressLine1',
      'is required: name the column that holds the street line.',
    );
  if (!receiver.firstName?.trim() && !receiver.companyName?.trim())
    throw invalid(
      'receiverAddressMapping.firstName',
      'or receiverAddressMapping.companyName is required: name the column that holds the name.',
    );
  const variables = input.receiverMergeVariableMapping ?? {};
  if (Object.keys(variables).length > METADATA_LIMITS.keys)
    throw invalid(
      'receiverMergeVariableMapping',
      `has more than ${METADATA_LIMITS.keys} entries (metadata keys).`,
    );
  for (const key of Object.keys(variables))
    if (key.length > METADATA_LIMITS.keyLength)
      throw invalid(
        `receiverMergeVariableMapping.${key}`,
        `is longer than ${METADATA_LIMITS.keyLength} characters.`,
      );

  const named = allMappings(input);
  if (!named.some(([, , column]) => findColumn(header, column) !== undefined))
    throw invalid(
      'file',
      `has no header row: its first row (${preview(header)}) names none of the mapped columns (${preview(named.map(([, , c]) => c))}).`,
    );
  const locate = ([mapping, key, column]: (typeof named)[number]) => {
    const found = findColumn(header, column);
    if (found === undefined)
      throw invalid(
        `${mapping}.${key}`,
        `names column "${column}", which the file's header (${preview(header)}) lacks.`,
      );
    if (found === 'twice')
      throw invalid(`${mapping}.${key}`, `names column "${column}", which the header has twice.`);
    return { name: key, index: found, column };
  };
  const located = named.map((entry) => ({ mapping: entry[0], ...locate(entry) }));
  return {
    fields: located.filter((c) => c.mapping === 'receiverAddressMapping') as MappedColumn<MappableField>[],
    variables: located.filter((c) => c.mapping === 'receiverMergeVariableMapping'),
    headerLength: header.length,
  };
}

/** An import's mappings: from its create body, or as its doc's `file` keeps them. */
export type ImportMappings = Pick<ImportCreate, MappingName>;

type MappingName =
  | 'receiverAddressMapping'
  | 'receiverMergeVariableMapping'
  | 'senderAddressMapping'
  | 'senderMergeVariableMapping';

/** Every [mapping, key, column] given; a blank column name maps nothing. */
function allMappings(input: ImportMappings): Array<[MappingName, string, string]> {
  const names: MappingName[] = [
    'receiverAddressMapping',
    'receiverMergeVariableMapping',
    'senderAddressMapping',
    'senderMergeVariableMapping',
  ];
  return names.flatMap((name) =>
    Object.entries((input[name] as Mapping | undefined) ?? {})
      .filter(([, column]) => column.trim() !== '')
      .map(([key, column]): [MappingName, string, string] => [name, key, column.trim()]),
  );
}

/** The column's index: its exact name, else the one name equal to it ignoring case. */
function findColumn(header: string[], column: string): number | 'twice' | undefined {
  const exact = header.flatMap((h, i) => (h === column ? [i] : []));
  const matches = exact.length
    ? exact
    : header.flatMap((h, i) => (h.toLowerCase() === column.toLowerCase() ? [i] : []));
  return matches.length > 1 ? 'twice' : matches[0];
}

const preview = (names: string[]) => {
  const shown = names.slice(0, 8).map((n) => `"${n}"`);
  return names.length > 8 ? `${shown.join(', ')}, …` : shown.join(', ');
};
