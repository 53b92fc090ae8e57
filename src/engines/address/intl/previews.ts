/**
 * Autocomplete previews (spec 2.11) from imported points: a building with several units is
 * one `Container` (its units are listed by `advanced=true&container=ID`), any other point an
 * `Address` (resolved by POST /completions). Ids carry what is needed to find the points
 * again: an Address id is the point's id; a Container id encodes the building.
 */
import { reference } from '../reference/index.js';
import { type StreetForm, streetKey } from '../verify/reference-point.js';
import { formatLines } from './format.js';
import type { IntlPoint } from './point-source.js';

export interface IntlPreview {
  id: string;
  type: 'Address' | 'Container';
  text: string;
  description: string;
  highlight: string;
}

export interface Building {
  country: string;
  zip: string;
  number: string;
  street: string;
}

const ADDRESS = 'a_';
const CONTAINER = 'c_';
const STANDARD = 's_';

/** How previews are written: `language` names the country in the description (GET's `language`). */
export interface PreviewOptions {
  language?: string;
}

export function containerId(b: Building): string {
  return (
    CONTAINER + Buffer.from(JSON.stringify([b.country, b.zip, b.number, b.street])).toString('base64url')
  );
}

/** A Container id -> its building; undefined when the text is not one. */
export function buildingOf(id: string): Building | undefined {
  if (!id.startsWith(CONTAINER)) return undefined;
  try {
    const v = JSON.parse(Buffer.from(id.slice(CONTAINER.length), 'base64url').toString('utf8'));
    // Decoded text has not been through the request's input checks: control characters (a NUL
    // PostgreSQL refuses) mean it is no id this server made.
    if (
      Array.isArray(v) &&
      v.length === 4 &&
      v.every((x) => typeof x === 'string' && !/[\u0000-\u001f]/.test(x))
    )
      return { country: v[0], zip: v[1], number: v[2], street: v[3] };
  } catch {
    // not base64 JSON: not a container id
  }
  return undefined;
}

export const addressId = (point: IntlPoint) => ADDRESS + point.id;

/** An Address id -> the point id (hex record hash); undefined when the text is not one. */
export function pointIdOf(id: string): string | undefined {
  return id.startsWith(ADDRESS) && /^[0-9a-f]{32}$/.test(id.slice(ADDRESS.length))
    ? id.slice(ADDRESS.length)
    : undefined;
}

const streetLine = (p: IntlPoint) =>
  formatLines(p.country, { houseNumber: p.number, road: streetKey(p.street) })[0] ?? '';
const unitText = (p: IntlPoint) => [p.unitDesignator, p.unitId].filter(Boolean).join(' ');

function describe(p: IntlPoint, options: PreviewOptions): string {
  const country = (options.language && reference.countryNameIn(p.country, options.language)) || p.country;
  return [p.city, p.zip, country].filter(Boolean).join(', ');
}

/** Character ranges of `text` that the typed words start ("0-2,3-7"). */
function highlightOf(text: string, typed: string): string {
  const ranges: string[] = [];
  const upper = text.toUpperCase();
  let at = 0;
  for (const word of typed
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const i = upper.indexOf(word, at);
    if (i < 0) continue;
    ranges.push(`${i}-${i + word.length}`);
    at = i + word.length;
  }
  return ranges.join(',');
}

/** Points (in rank order) -> previews: a building's units folded into one Container. */
export function previewsOf(
  points: readonly IntlPoint[],
  typed: string,
  limit: number,
  options: PreviewOptions = {},
): IntlPreview[] {
  const buildings = new Map<string, IntlPoint[]>();
  for (const p of points) {
    const key = `${p.country}|${p.zip}|${p.number}|${streetKey(p.street)}`;
    const list = buildings.get(key);
    if (list) list.push(p);
    else buildings.set(key, [p]);
  }
  const out: IntlPreview[] = [];
  for (const units of buildings.values()) {
    const first = units[0];
    const text = streetLine(first);
    if (units.filter((u) => u.unitId).length > 1) {
      out.push({
        id: containerId({
          country: first.country,
          zip: first.zip,
          number: first.number,
          street: streetKey(first.street),
        }),
        type: 'Container',
        text,
        description: `${describe(first, options)} - ${units.length} Addresses`,
        highlight: highlightOf(text, typed),
      });
    } else {
      for (const p of units) out.push(addressPreview(p, typed, options));
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

export function addressPreview(p: IntlPoint, typed: string, options: PreviewOptions = {}): IntlPreview {
  const unit = unitText(p);
  const text = unit ? `${unit}, ${streetLine(p)}` : streetLine(p);
  return {
    id: addressId(p),
    type: 'Address',
    text,
    description: describe(p, options),
    highlight: highlightOf(text, typed),
  };
}

/**
 * A preview from the standard (US and Canadian) autocomplete, for `standardFallback`: `line`
 * is its street line as the standard API writes it. Its id carries the address itself (the
 * standard engine offers a street with a typed number it has no point for), so POST
 * /completions resolves it without a point.
 */
export function standardPreview(
  p: IntlPoint,
  line: string,
  typed: string,
  options: PreviewOptions,
): IntlPreview {
  const fields = [
    p.country,
    p.zip,
    p.state,
    p.city,
    p.number,
    p.street,
    p.unitDesignator ?? '',
    p.unitId ?? '',
  ];
  return {
    id: STANDARD + Buffer.from(JSON.stringify(fields)).toString('base64url'),
    type: 'Address',
    text: line,
    description: describe(p, options),
    highlight: highlightOf(line, typed),
  };
}

const text = (v: unknown): v is string => typeof v === 'string' && !/[\u0000-\u001f]/.test(v);

/** A standardPreview id -> its address as a point without a position; undefined when it is none. */
export function standardPointOf(id: string): IntlPoint | undefined {
  if (!id.startsWith(STANDARD)) return undefined;
  try {
    const v = JSON.parse(Buffer.from(id.slice(STANDARD.length), 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 8) return undefined;
    const [country, zip, state, city, number, street, unitDesignator, unitId] = v;
    const streetOk =
      street && typeof street === 'object' && Object.values(street).every(text) && text(street.name);
    if (![country, zip, state, city, number, unitDesignator, unitId].every(text) || !streetOk)
      return undefined;
    if (country !== 'US' && country !== 'CA') return undefined;
    return {
      id: '',
      country,
      zip,
      state,
      city,
      number,
      street: street as StreetForm,
      ...(unitDesignator ? { unitDesignator } : {}),
      ...(unitId ? { unitId } : {}),
      lat: Number.NaN,
      lon: Number.NaN,
    };
  } catch {
    // not base64 JSON: not a standard preview's id
  }
  return undefined;
}
