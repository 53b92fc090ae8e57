import { createRequire } from 'node:module';
import type AddressFormatter from '@fragaria/address-formatter';
import type BwipJs from 'bwip-js';
import { lazy } from './lazy.js';

/**
 * Packages a process loads at their first use rather than at import, each costing ~0.05-0.3 s
 * of CPU at start in every process that imports the runtime, while most processes (an API
 * whose renders run elsewhere, the CLI, a test server) use them late or never. Required
 * synchronously (each has a CommonJS build) so the code using them stays synchronous; pdf-lib
 * is CommonJS only, so `require` and `import 'pdf-lib'` (tests) share one instance and
 * `instanceof` still agrees.
 */
const require = createRequire(import.meta.url);

const onFirstUse = <T>(specifier: string): (() => T) => lazy(() => require(specifier) as T);

/** pdf-lib (~170 modules, ~0.3 s): drawing, checking and joining PDFs. */
export const pdfLib = onFirstUse<typeof import('pdf-lib')>('pdf-lib');

/** bwip-js (a 2 MB module): Intelligent Mail barcodes and trackers' QR codes. */
export const bwipJs = onFirstUse<typeof BwipJs>('bwip-js');

/** @fragaria/address-formatter (a 0.3 MB module): international address layouts. */
export const addressFormatter = onFirstUse<typeof AddressFormatter>('@fragaria/address-formatter');
