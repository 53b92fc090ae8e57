import { SafeFetchError } from '../../../platform/safe-fetch-error.js';
import { RenderInputError, RenderUnavailableError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { type AssetKind, rewriteCss, rewriteHtml } from './asset-references.js';
import { concurrencyLimit } from './concurrency-limit.js';
import {
  blockedLoadWarning,
  dropNetworkReferences,
  dropNetworkReferencesInCss,
} from './drop-network-references.js';
import type { AssetFetcher, FetchedAsset } from './fetch-asset.js';
import { sniffType } from './sniff-type.js';

export interface InlinedHtml {
  html: string;
  warnings: string[];
  /** Absolute URLs fetched and inlined, in the order found. */
  inlined: string[];
}

/**
 * Fetches every external asset the HTML references (through the safe fetcher) and replaces
 * each reference with a data: URL, so the browser prints with no network; then drops what
 * could still reach one (drop-network-references.ts), each drop a warning.
 * Stylesheets are inlined with what they reference in turn (one level of @import).
 *
 * Policy: an asset that cannot be fetched fails the render, naming the URL: a letter printed
 * without its logo or stylesheet is worse than one not printed. Unreachable hosts and
 * timeouts fail retryably (RenderUnavailableError); refused, missing or oversized assets fail
 * as bad content (RenderInputError). Relative URLs resolve against the document's
 * `<base href>`; without one they are left as written, with a warning.
 */
export async function inlineAssets(html: string, fetch: AssetFetcher, field = 'html'): Promise<InlinedHtml> {
  const budget = { count: 0, bytes: 0, field, warnings: new Set<string>(), fetch, slot: concurrencyLimit(6) };
  const base = documentBase(html);
  const found = collect((rewrite) => rewriteHtml(html, rewrite), base, budget.warnings);
  const dataUrls = await fetchAll(found, budget);
  const out = dropNetworkReferences(rewriteHtml(html, (url) => dataUrls.get(absolute(url, base) ?? '')));
  for (const url of out.dropped) budget.warnings.add(blockedLoadWarning(url));
  return { html: out.html, warnings: [...budget.warnings], inlined: [...found.keys()] };
}

interface Budget {
  count: number;
  bytes: number;
  field: string;
  warnings: Set<string>;
  fetch: AssetFetcher;
  /** At most 6 downloads at once per letter, to be polite to the asset hosts. */
  slot: ReturnType<typeof concurrencyLimit>;
}

function collect(
  scan: (rewrite: (url: string, kind: AssetKind) => undefined) => void,
  base: string | undefined,
  warnings: Set<string>,
) {
  const found = new Map<string, AssetKind>();
  scan((url, kind) => {
    const trimmed = url.trim();
    if (!trimmed || /^data:/i.test(trimmed) || trimmed.startsWith('#')) return undefined;
    const abs = absolute(url, base);
    if (abs) found.set(abs, found.get(abs) === 'stylesheet' ? 'stylesheet' : kind);
    else warnings.add(`asset "${url}" is not an absolute http(s) URL and was not loaded`);
    return undefined;
  });
  return found;
}

async function fetchAll(found: Map<string, AssetKind>, budget: Budget): Promise<Map<string, string>> {
  const dataUrls = new Map<string, string>();
  await Promise.all(
    [...found].map(async ([url, kind]) => {
      dataUrls.set(
        url,
        kind === 'stylesheet' ? await inlineStylesheet(url, budget) : await fetchDataUrl(url, budget),
      );
    }),
  );
  return dataUrls;
}

async function inlineStylesheet(url: string, budget: Budget): Promise<string> {
  const css = Buffer.from((await fetchOne(url, budget)).bytes).toString('utf8');
  const nested = collect((rewrite) => rewriteCss(css, rewrite), url, budget.warnings);
  const nestedUrls = new Map<string, string>();
  await Promise.all([...nested.keys()].map(async (u) => nestedUrls.set(u, await fetchDataUrl(u, budget))));
  const out = dropNetworkReferencesInCss(rewriteCss(css, (ref) => nestedUrls.get(absolute(ref, url) ?? '')));
  for (const dropped of out.dropped) budget.warnings.add(blockedLoadWarning(dropped));
  return `data:text/css;base64,${Buffer.from(out.html).toString('base64')}`;
}

async function fetchDataUrl(url: string, budget: Budget): Promise<string> {
  const asset = await fetchOne(url, budget);
  const type = sniffType(asset.bytes, asset.contentType);
  return `data:${type};base64,${Buffer.from(asset.bytes).toString('base64')}`;
}

async function fetchOne(url: string, budget: Budget): Promise<FetchedAsset> {
  if (++budget.count > LIMITS.maxAssets) {
    throw new RenderInputError(
      budget.field,
      `${budget.field}: more than ${LIMITS.maxAssets} external assets`,
      'asset_limit',
    );
  }
  let asset: FetchedAsset;
  try {
    asset = await budget.slot(() => budget.fetch(url));
  } catch (err) {
    if (err instanceof SafeFetchError && !err.retryable) {
      throw new RenderInputError(
        budget.field,
        `${budget.field}: asset ${url} could not be fetched: ${err.message}`,
        'asset_fetch',
      );
    }
    throw new RenderUnavailableError(`asset ${url} could not be fetched: ${(err as Error).message}`, {
      cause: err,
    });
  }
  budget.bytes += asset.bytes.length;
  if (budget.bytes > LIMITS.maxTotalAssetBytes) {
    const limit = LIMITS.maxTotalAssetBytes / 1024 / 1024;
    throw new RenderInputError(
      budget.field,
      `${budget.field}: external assets total more than ${limit} MB`,
      'asset_limit',
    );
  }
  return asset;
}

/** A `<base href>` with an absolute http(s) URL lets relative references resolve, as in a browser. */
function documentBase(html: string): string | undefined {
  const href = html.match(/<base\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i);
  return href ? absolute(href[1] ?? href[2] ?? href[3] ?? '') : undefined;
}

/** An absolute http(s) URL, resolving against `base` (a stylesheet's URL) when given. */
function absolute(url: string, base?: string): string | undefined {
  const trimmed = url.trim().replace(/^\/\//, 'https://');
  try {
    const parsed = base ? new URL(trimmed, base) : new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
