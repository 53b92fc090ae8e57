/**
 * A source the importer cannot read as address points: missing, unreachable, of no known
 * format, damaged, or without a column it needs. The message names the file (or the zip
 * entry) and the problem; the CLI prints it and exits 2, nothing of that file is half-stored.
 */
export class ImportInputError extends Error {
  override readonly name = 'ImportInputError';
}
