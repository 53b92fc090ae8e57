import type { FastifyReply } from 'fastify';

/**
 * The editor page's headers, set on purpose:
 * - It is meant to be framed (the spec: "a url to embed (iframe)"), so there is no
 *   X-Frame-Options and CSP `frame-ancestors` names who may frame it (Config.editorFrameAncestors,
 *   `*` by default, as the hosted editor).
 * - Scripts only from Postroom itself (`script-src 'self'`: the bundle at /editor/assets), no
 *   inline script, no eval; it talks only to its own origin (`connect-src 'self'`).
 * - Styles from Postroom too, plus the one <style> element CodeMirror writes its theme into,
 *   which carries this response's nonce (EditorView.cspNonce in the client).
 * - The preview is a PDF in a blob: frame; images may be data: or blob: URLs.
 * - Its url holds the session's token: never cached, never sent on as a Referer.
 */
export function editorPageHeaders(
  reply: FastifyReply,
  frameAncestors: string,
  styleNonce?: string,
): FastifyReply {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    'frame-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
  return reply
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}
