import type { StoredEditorSession } from '../editor-session.schema.js';
import { EDITOR_PATH } from '../editor-token.js';

/** What the client script is given: everything it shows and where it sends its calls. */
export interface EditorPageConfig {
  html: string;
  title: string;
  backURL?: string;
  styles?: StoredEditorSession['styles'];
  trackers: Array<{ id: string; description?: string; redirectURLTemplate?: string }>;
  previewUrl: string;
  saveUrl: string;
  expiresAt: string;
  /** The nonce this response's CSP allows for CodeMirror's own <style> element. */
  styleNonce: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a <script type="application/json">: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The editor page: a shell the client script (CodeMirror, the preview, save) fills in. Its
 * data is JSON in a non-executable script element, so the page has no inline script and the
 * CSP can allow scripts from Postroom only.
 */
export function editorPageHtml(config: EditorPageConfig): string {
  const title = escapeHtml(config.title);
  const back = config.backURL ? '<button type="button" id="back" class="secondary">Back</button>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Template editor</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${EDITOR_PATH}/assets/editor.css">
<script type="module" src="${EDITOR_PATH}/assets/editor.js"></script>
</head>
<body>
<header class="bar">
  <h1 id="title">${title}</h1>
  <span id="status" role="status" aria-live="polite">Loading the editor…</span>
  <label class="size">Paper <select id="size"><option value="us_letter">US Letter</option><option value="a4">A4</option></select></label>
  ${back}
  <button type="button" id="save" disabled>Save</button>
</header>
<main class="panes">
  <section class="source" aria-label="Template HTML">
    <div id="editor"></div>
    <div id="trackers" class="trackers" hidden><h2>Trackers</h2><ul id="tracker-list"></ul></div>
  </section>
  <section class="canvas" aria-label="Preview">
    <p id="preview-error" class="error" role="alert" hidden></p>
    <iframe id="preview" title="Preview of the template as a letter"></iframe>
  </section>
</main>
<footer class="bar small">Merge variables show sample values. This link works until <time id="expires" datetime="${escapeHtml(config.expiresAt)}">${escapeHtml(config.expiresAt)}</time>.</footer>
<script type="application/json" id="editor-config">${scriptJson(config)}</script>
</body>
</html>
`;
}
