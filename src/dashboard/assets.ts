import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/**
 * The dashboard's own files (styles, the PDF viewer script) stay in src/dashboard/assets: the
 * same folder from src/dashboard (tsx) and from dist/dashboard (compiled), as the template editor's client.
 */
const OWN_ASSETS = ['./assets/', '../../src/dashboard/assets/']
  .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
  .find((dir) => existsSync(path.join(dir, 'dashboard.css')));

/** Where an npm package's files are, found through Node's resolution (no CDN at run time). */
const packageDir = (pkg: string, sub: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), sub);

/**
 * Static files under /dashboard/assets: ours, htmx and pdf.js, all served by Postroom itself so
 * the dashboard works where the server cannot reach the internet.
 */
export async function installDashboardAssets(scope: FastifyInstance): Promise<void> {
  if (!OWN_ASSETS) throw new Error('the dashboard assets (src/dashboard/assets) are missing');
  const common = { schemaHide: true, cacheControl: true, maxAge: '1h', etag: true };
  await scope.register(fastifyStatic, { ...common, root: OWN_ASSETS, prefix: '/assets/', wildcard: false });
  await scope.register(fastifyStatic, {
    ...common,
    root: packageDir('htmx.org', 'dist'),
    prefix: '/assets/htmx/',
    decorateReply: false,
    allowedPath: (p) => p === '/htmx.min.js',
  });
  await scope.register(fastifyStatic, {
    ...common,
    root: packageDir('pdfjs-dist', 'build'),
    prefix: '/assets/pdfjs/',
    decorateReply: false,
    allowedPath: (p) => p === '/pdf.min.mjs' || p === '/pdf.worker.min.mjs',
  });
}
