import { type Html, html } from './html.js';

/** How a contact (or an order's `to`/`from` snapshot) is named in a list. */
export function contactLabel(contact: unknown): string {
  if (!contact || typeof contact !== 'object') return typeof contact === 'string' ? contact : '';
  const c = contact as Record<string, unknown>;
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return [name, c.companyName].filter(Boolean).join(', ') || String(c.id ?? '');
}

/** A contact's postal address on separate lines. */
export function addressLines(contact: unknown): string[] {
  if (!contact || typeof contact !== 'object') return [];
  const c = contact as Record<string, unknown>;
  const cityLine = [c.city, c.provinceOrState, c.postalOrZip].filter(Boolean).join(' ');
  return [contactLabel(c), c.addressLine1, c.addressLine2, cityLine, c.countryCode].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
}

export const addressBlock = (contact: unknown): Html =>
  html`<address>${addressLines(contact).map((line, i) => html`${i ? html`<br>` : ''}${line}`)}</address>`;

/** A timestamp as a <time> element: readable text, the exact instant in `datetime`. */
export function when(iso: unknown): Html {
  if (typeof iso !== 'string' && !(iso instanceof Date)) return html``;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${String(iso)}`;
  const text = date.toISOString().replace('T', ' ').slice(0, 16);
  return html`<time datetime="${date.toISOString()}">${text} UTC</time>`;
}

export const statusBadge = (status: string): Html =>
  html`<span class="status status-${status}">${status.replaceAll('_', ' ')}</span>`;

/** Page links for a list of `total` items shown `limit` at a time (`capped`: more than `total`). */
export function pager(
  total: number,
  page: number,
  limit: number,
  hrefFor: (page: number) => string,
  capped = false,
): Html {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && !capped) return html``;
  const more = capped || page < pages;
  return html`<nav class="pager" aria-label="Pages">
    ${page > 1 ? html`<a href="${hrefFor(page - 1)}" rel="prev">Newer</a>` : ''}
    <span>Page ${page}${capped ? '' : ` of ${pages}`}</span>
    ${more ? html`<a href="${hrefFor(page + 1)}" rel="next">Older</a>` : ''}
  </nav>`;
}

/** A query string from the values that are set. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A positive page number from a query value. */
export function pageNumber(value: unknown): number {
  const n = Number.parseInt(typeof value === 'string' ? value : '1', 10);
  return Number.isFinite(n) && n > 0 && n < 1_000_000 ? n : 1;
}

/** "letters", "self mailers", "boxes": an order kind's name as a plural heading. */
export function kindPlural(name: string): string {
  const words = name.replaceAll('_', ' ');
  return /(x|s|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}
