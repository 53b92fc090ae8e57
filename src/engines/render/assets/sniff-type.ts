const SIGNATURES: ReadonlyArray<[type: string, test: (b: Uint8Array) => boolean]> = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46],
  ['image/webp', (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP'],
  ['font/woff2', (b) => ascii(b, 0, 4) === 'wOF2'],
  ['font/woff', (b) => ascii(b, 0, 4) === 'wOFF'],
  ['image/svg+xml', (b) => /<svg[\s>]/i.test(ascii(b, 0, 512))],
];

/**
 * The content type a data: URL should carry. The server's header is trusted when specific;
 * a generic or missing one (many buckets answer application/octet-stream) is replaced by
 * what the first bytes say, since Chromium will not show an SVG labelled as octet-stream.
 */
export function sniffType(bytes: Uint8Array, declared: string): string {
  const generic = !declared || declared === 'application/octet-stream' || declared === 'binary/octet-stream';
  if (!generic) return declared;
  return SIGNATURES.find(([, test]) => test(bytes))?.[0] ?? 'application/octet-stream';
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1');
}
