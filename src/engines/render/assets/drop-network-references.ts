/**
 * The second line of the printer's network defence (the first: Chromium runs with no network,
 * browser/no-network.ts). Run after inlining, when every asset the server fetched and checked
 * is a data: URL, it removes what could still make a browser open a connection: elements
 * that load or navigate by themselves (frames, objects, embeds, scripts, meta refresh,
 * resource hints and every `<link>` but an inlined stylesheet), and every remaining attribute or
 * CSS reference that names a network URL. Hyperlinks (`<a href>`, `<area href>`) stay: a PDF
 * keeps them as links and the browser never follows them. A relative reference resolves
 * against nothing in the printed page, so it is left as written, unless the document has a
 * `<base href>` on the network (kept, for its hyperlinks' sake): then it is a network URL too.
 *
 * A scanner over tags and attributes like asset-references.ts, not a full HTML parser: it
 * cannot be relied on alone (CSS escapes, for one, spell url() in ways it does not read),
 * which is why the browser's own isolation is the guarantee and this is the backstop.
 */
export interface DroppedReferences {
  html: string;
  /** Network URLs that were referenced and removed, in the order found. */
  dropped: string[];
}

/** Elements removed with their tags (and a script's or frameset's content). */
const LOADING_ELEMENTS = /<\/?(iframe|frame|object|embed|applet|portal|fencedframe)\b[^>]*>/gi;
const WHOLE_ELEMENTS = /<(script|frameset)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const BASE_HREF = /<base\b[^>]*\shref\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;
const META = /<meta\b[^>]*>/gi;
const LINK = /<link\b[^>]*>/gi;
const ANY_TAG = /<([a-z][a-z0-9:-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
/** Attributes a browser fetches or pings by itself; `href` only outside hyperlinks. */
const FETCHING_ATTR =
  /(\s)((?:xlink:)?href|src|srcset|imagesrcset|poster|background|data|lowsrc|dynsrc|manifest|ping|action|formaction|archive|codebase|longdesc)(\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/gi;
const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;
const STYLE_ATTR = /(\sstyle\s*=\s*)("[^"]*"|'[^']*')/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1\s*\)?[^;]*;?/gi;
const CSS_URL = /url\(\s*(["']?)([^"')]*)\1\s*\)/gi;
/** image-set() and its prefixed form take bare strings as URLs. */
const CSS_IMAGE_SET = /(?:-webkit-)?image-set\(([^)]*)\)/gi;
const CSS_STRING = /(["'])([^"']*)\1/g;

/** The warning of a render whose document referred to a network URL that was not loaded. */
export const blockedLoadWarning = (url: string) => `the document tried to load ${url}; it was blocked`;

/** True for a URL that would reach the network: any scheme but data:, or protocol-relative. */
export function isNetworkUrl(raw: string): boolean {
  const url = decodeEntities(raw).trim();
  if (url.startsWith('//') || url.startsWith('\\\\')) return true;
  const scheme = url.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  return scheme !== undefined && scheme !== 'data' && scheme !== 'about';
}

export function dropNetworkReferences(html: string): DroppedReferences {
  const base = html.match(BASE_HREF)?.[1];
  const relativeIsNetwork = base !== undefined && isNetworkUrl(unquote(base));
  const isNetwork = (url: string) =>
    isNetworkUrl(url) || (relativeIsNetwork && !/^\s*(?:data:|about:|#|$)/i.test(decodeEntities(url)));
  const urlsIn = (text: string) =>
    [...text.matchAll(FETCHING_ATTR)]
      .map((m) => unquote(m[4]))
      .flatMap((v) => (v.includes(',') ? srcsetUrls(v) : [v]))
      .filter(isNetwork);
  const dropped: string[] = [];
  const note = (url: string) => dropped.push(decodeEntities(url).trim());
  const out = html
    .replace(WHOLE_ELEMENTS, (element) => {
      urlsIn(element).forEach(note);
      return '';
    })
    .replace(LOADING_ELEMENTS, (tag) => {
      urlsIn(tag).forEach(note);
      return '';
    })
    .replace(META, (tag) => {
      if (!/\bhttp-equiv\s*=\s*["']?\s*(refresh|link|set-cookie)/i.test(tag)) return tag;
      for (const url of tag.match(/https?:[^"'\s>;]+|\/\/[^"'\s>;]+/gi) ?? []) note(url);
      return '';
    })
    .replace(LINK, (tag) => {
      const href = attributeValue(tag, 'href');
      const inlinedStylesheet =
        /\brel\s*=\s*["']?\s*stylesheet\b/i.test(tag) && /^\s*data:/i.test(href ?? '');
      if (inlinedStylesheet && !isNetwork(attributeValue(tag, 'imagesrcset') ?? '')) return tag;
      if (href && isNetwork(href)) note(href);
      return '';
    })
    .replace(ANY_TAG, (tag, name: string, attrs: string) => {
      // A base's href only resolves links; a hyperlink's is followed by no one in a print.
      const hyperlink = /^(a|area|base)$/i.test(name);
      const kept = attrs.replace(FETCHING_ATTR, (whole, _space, attr: string, _eq, quoted: string) => {
        if (hyperlink && /href$/i.test(attr)) return whole;
        const urls = /srcset$/i.test(attr) ? srcsetUrls(unquote(quoted)) : [unquote(quoted)];
        const network = urls.filter(isNetwork);
        if (network.length === 0 && !/^ping$/i.test(attr)) return whole;
        network.forEach(note);
        return '';
      });
      return kept === attrs ? tag : `<${name}${kept}>`;
    })
    .replace(
      STYLE_BLOCK,
      (_, open: string, css: string, close: string) => open + dropInCss(css, isNetwork, note) + close,
    )
    .replace(STYLE_ATTR, (whole, lead: string, quoted: string) => {
      const css = unquote(quoted);
      const next = dropInCss(css, isNetwork, note);
      return next === css ? whole : `${lead}"${next.replace(/"/g, "'")}"`;
    });
  return { html: out, dropped: [...new Set(dropped)] };
}

/** The same for a stylesheet's text (an inlined stylesheet, before it becomes a data: URL). */
export function dropNetworkReferencesInCss(css: string): DroppedReferences {
  // Nested stylesheets have no <base>: only absolute and protocol-relative URLs reach out.
  const dropped: string[] = [];
  const out = dropInCss(css, isNetworkUrl, (url) => dropped.push(url.trim()));
  return { html: out, dropped: [...new Set(dropped)] };
}

function dropInCss(css: string, isNetwork: (url: string) => boolean, note: (url: string) => void): string {
  return css
    .replace(CSS_IMPORT, (whole, _q, url: string) => {
      if (!isNetwork(url)) return whole;
      note(url);
      return '';
    })
    .replace(CSS_IMAGE_SET, (whole, inner: string) => {
      const strings = [...inner.matchAll(CSS_STRING)].map((m) => m[2]).filter(isNetwork);
      if (strings.length === 0) return whole;
      strings.forEach(note);
      return 'none';
    })
    .replace(CSS_URL, (whole, _q, url: string) => {
      if (!isNetwork(url)) return whole;
      note(url);
      return 'url("")';
    });
}

function attributeValue(tag: string, name: string): string | undefined {
  const found = tag.match(new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+)`, 'i'));
  return found ? unquote(found[1]) : undefined;
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

function unquote(value: string): string {
  return /^["']/.test(value) ? value.slice(1, -1) : value;
}

/** Enough of HTML's character references that `h&#116;tp:` reads as the scheme it is. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => codePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&sol;/gi, '/')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/[\t\n\r]/g, '');
}

const codePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');
