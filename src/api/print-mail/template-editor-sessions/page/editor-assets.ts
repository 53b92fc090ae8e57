import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface EditorAsset {
  body: string;
  contentType: string;
  etag: string;
}

/**
 * The page's client sources. The same path from here in src/ (tsx) and in dist/ (compiled),
 * which is five folders below the package root in both; the sources stay in src/.
 */
const CLIENT_DIR = ['./client/', '../../../../../src/api/print-mail/template-editor-sessions/page/client/']
  .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
  .find((dir) => existsSync(`${dir}editor-client.ts`));

const asset = (body: string, contentType: string): EditorAsset => ({
  body,
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
});

let script: Promise<EditorAsset> | undefined;
let styles: Promise<EditorAsset> | undefined;

/**
 * The editor's script: client/editor-client.ts with CodeMirror, bundled by esbuild the first
 * time a page asks for it and kept for the life of the process. Built here rather than at
 * install time, so `npm install` and the tests need no extra build step, and served by
 * Postroom itself (no CDN: the page works where the server cannot reach the internet).
 */
export function editorScript(): Promise<EditorAsset> {
  script ??= bundle().catch((err) => {
    script = undefined; // let the next request try again
    throw err;
  });
  return script;
}

export function editorStyles(): Promise<EditorAsset> {
  styles ??= readFile(`${clientDir()}editor.css`, 'utf8').then((css) =>
    asset(css, 'text/css; charset=utf-8'),
  );
  return styles;
}

async function bundle(): Promise<EditorAsset> {
  // Loaded on first use: most processes never serve the editor.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [`${clientDir()}editor-client.ts`],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'eof',
    logLevel: 'silent',
  });
  return asset(result.outputFiles[0].text, 'text/javascript; charset=utf-8');
}

function clientDir(): string {
  if (!CLIENT_DIR)
    throw new Error('the template editor client sources (src/api/.../page/client) are missing');
  return CLIENT_DIR;
}
