/**
 * Finds and rewrites the external references a printed page would load: images (img, source,
 * input, SVG image/use, legacy background=), stylesheets (<link rel=stylesheet>, @import)
 * and everything CSS reaches with url() inside <style> blocks and style="" attributes.
 * Hyperlinks (<a href>) are not assets and are left alone. A tiny hand-written scanner
 * rather than a full HTML parser: it only has to find attribute values, never restructure.
 */
export type AssetKind = 'image' | 'stylesheet' | 'css-resource';

/** Returns the replacement for a reference, or undefined to leave it as written. */
export type Rewrite = (url: string, kind: AssetKind) => string | undefined;

const ASSET_TAG = /<(img|source|input|image|use|link|body|table|td|th|video)\b([^>]*)>/gi;
const ASSET_ATTR = /(\s(?:src|href|xlink:href|poster|background|srcset)\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/gi;
const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const STYLE_ATTR = /(\sstyle\s*=\s*)("[^"]*"|'[^']*')/gi;
const CSS_URL = /url\(\s*(["']?)([^"')]+)\1\s*\)/gi;
const CSS_IMPORT = /@import\s+(["'])([^"']+)\1/gi;

export function rewriteHtml(html: string, rewrite: Rewrite): string {
  const tagsDone = html.replace(ASSET_TAG, (tag, name: string, attrs: string) => {
    const lower = name.toLowerCase();
    if (lower === 'link' && !/\brel\s*=\s*["']?[^"'>]*stylesheet/i.test(attrs)) return tag;
    const kind: AssetKind = lower === 'link' ? 'stylesheet' : 'image';
    const newAttrs = attrs.replace(ASSET_ATTR, (whole, lead: string, quoted: string) => {
      if (/href/i.test(lead) && lower !== 'link' && lower !== 'image' && lower !== 'use') return whole;
      const value = unquote(quoted);
      const next = /srcset/i.test(lead) ? rewriteSrcset(value, rewrite) : (rewrite(value, kind) ?? value);
      return next === value ? whole : `${lead}"${next}"`;
    });
    return `<${name}${newAttrs}>`;
  });
  return tagsDone
    .replace(
      STYLE_BLOCK,
      (_, open: string, css: string, close: string) => open + rewriteCss(css, rewrite) + close,
    )
    .replace(STYLE_ATTR, (whole, lead: string, quoted: string) => {
      const css = unquote(quoted);
      const next = rewriteCss(css, rewrite);
      return next === css ? whole : `${lead}"${next.replace(/"/g, "'")}"`;
    });
}

export function rewriteCss(css: string, rewrite: Rewrite): string {
  return css
    .replace(CSS_IMPORT, (whole, _q, url: string) => {
      const next = rewrite(url, 'stylesheet');
      return next ? `@import url("${next}")` : whole;
    })
    .replace(CSS_URL, (whole, _q, url: string) => {
      const next = rewrite(url.trim(), 'css-resource');
      return next ? `url("${next}")` : whole;
    });
}

function rewriteSrcset(srcset: string, rewrite: Rewrite): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url, ...descriptor] = candidate.trim().split(/\s+/);
      return [rewrite(url, 'image') ?? url, ...descriptor].join(' ');
    })
    .join(', ');
}

function unquote(value: string): string {
  return /^["']/.test(value) ? value.slice(1, -1) : value;
}
