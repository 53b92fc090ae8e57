/**
 * One CSV line (RFC 4180) from a report row. Values keep their JSON meaning: null is an empty
 * field, objects and arrays are their JSON text. Text is written exactly as stored (no quote
 * prefix against spreadsheet formulas): exports are read by programs first, and altering
 * values would make them disagree with the API (docs/reports.md).
 */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
