import { invalid } from '../../../platform/errors.js';
import { METADATA_LIMITS } from '../../../platform/metadata.js';
import { type ImportCreate, MAPPABLE_FIELDS, type MappableField, type Mapping } from './import.schema.js';

/** A mapped column: what it fills, where it is in each row, and its name (for messages). */
export interface MappedColumn<Name extends string = string> {
  name: Name;
  index: number;
  column: string;
}

/** The cells a row's contact comes from: its fields and its merge variables (metadata keys). */
export interface PartyColumns {
  fields: MappedColumn<MappableField>[];
  variables: MappedColumn[];
}

/** Which cells of a row make its receiver and, with senderAddressMapping, its sender. */
export interface ColumnPlan extends PartyColumns {
  sender?: PartyColumns;
  headerLength: number;
}

/**
 * Checks an import's mappings against its file's header: known fields, the required ones
 * (addressLine1, and firstName or companyName, for the receiver and for a sender when one is
 * mapped), every named column in the header once. A 400 names the mapping entry at fault, or
 * `file` when the first row names none of the mapped columns (the file has no header row).
 */
export function planColumns(input: ImportMappings, header: string[]): ColumnPlan {
  checkAddressMapping('receiverAddressMapping', input.receiverAddressMapping);
  checkVariables('receiverMergeVariableMapping', input.receiverMergeVariableMapping);
  if (input.senderAddressMapping) checkAddressMapping('senderAddressMapping', input.senderAddressMapping);
  else if (Object.keys(input.senderMergeVariableMapping ?? {}).length)
    throw invalid(
      'senderMergeVariableMapping',
      'needs senderAddressMapping: merge variables are kept on the sender contact it makes.',
    );
  checkVariables('senderMergeVariableMapping', input.senderMergeVariableMapping);

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
  const of = (mapping: MappingName) => located.filter((c) => c.mapping === mapping);
  return {
    fields: of('receiverAddressMapping') as MappedColumn<MappableField>[],
    variables: of('receiverMergeVariableMapping'),
    ...(input.senderAddressMapping
      ? {
          sender: {
            fields: of('senderAddressMapping') as MappedColumn<MappableField>[],
            variables: of('senderMergeVariableMapping'),
          },
        }
      : {}),
    headerLength: header.length,
  };
}

/** A receiver's or sender's mapping: contact fields only, and the street line and a name mapped. */
function checkAddressMapping(name: MappingName, mapping: Mapping): void {
  for (const key of Object.keys(mapping))
    if (!(MAPPABLE_FIELDS as readonly string[]).includes(key))
      throw invalid(`${name}.${key}`, `is not a contact field (one of ${MAPPABLE_FIELDS.join(', ')}).`);
  if (!mapping.addressLine1?.trim())
    throw invalid(`${name}.addressLine1`, 'is required: name the column that holds the street line.');
  if (!mapping.firstName?.trim() && !mapping.companyName?.trim())
    throw invalid(
      `${name}.firstName`,
      `or ${name}.companyName is required: name the column that holds the name.`,
    );
}

/** Merge variables become metadata: as many keys, as long, as metadata takes. */
function checkVariables(name: MappingName, variables: Mapping | undefined): void {
  if (Object.keys(variables ?? {}).length > METADATA_LIMITS.keys)
    throw invalid(name, `has more than ${METADATA_LIMITS.keys} entries (metadata keys).`);
  for (const key of Object.keys(variables ?? {}))
    if (key.length > METADATA_LIMITS.keyLength)
      throw invalid(`${name}.${key}`, `is longer than ${METADATA_LIMITS.keyLength} characters.`);
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
