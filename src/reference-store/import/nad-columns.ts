import type { SourceRecord } from '../../engines/address/verify/point-from-record.js';
import type { DeliveryFacts } from '../../engines/address/verify/reference-point.js';
import { MapError } from './column-map.js';

/**
 * The US DOT National Address Database text layout (NAD schema field names). Releases differ
 * in which fields they fill and in letter case, so each field is found by name, any case, and
 * a record is built from whichever of its alternatives the file has:
 * - number: AddNo_Full, else AddNum_Pre + Add_Number + AddNum_Suf;
 * - street: StNam_Full, else St_PreMod St_PreDir St_PreTyp St_PreSep St_Name St_PosTyp St_PosDir St_PosMod;
 * - unit: Unit, else SubAddress; city: Post_City, else Inc_Muni, Uninc_Comm, Census_Plc;
 * - State, Zip_Code, Longitude, Latitude, UUID;
 * - delivery (kept with the point, docs/verification.md "Delivery fields from NAD"): Plus_4
 *   (else a "-1234" after Zip_Code), Addr_Type, DeliverTyp, Lifecycle, Placement, Post_City,
 *   Urbnztn_PR.
 */
const STREET_PARTS = [
  'st_premod',
  'st_predir',
  'st_pretyp',
  'st_presep',
  'st_name',
  'st_postyp',
  'st_posdir',
  'st_posmod',
];
const CITY_FIELDS = ['post_city', 'inc_muni', 'uninc_comm', 'census_plc'];

/** NAD fields kept with each point (delivery.ts answers from them). */
const DELIVERY_FIELDS = [
  'plus_4',
  'addr_type',
  'delivertyp',
  'lifecycle',
  'placement',
  'post_city',
  'urbnztn_pr',
];

/** Values NAD uses for "nothing here" in its place fields. */
const NOT_STATED = new Set(['', 'NOT STATED', 'UNINCORPORATED', 'UNKNOWN', 'NULL', 'N/A']);

/** Whether a header looks like NAD's (used to sniff the format). */
export function isNadHeader(header: string[]): boolean {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  return (
    (names.has('add_number') || names.has('addno_full')) && (names.has('st_name') || names.has('stnam_full'))
  );
}

/** A NAD field's column in the file, by its lower-case name; undefined when the file has none. */
type ColumnOf = (name: string) => number | undefined;

/** Where a file keeps each part of a record (alternatives by the order the layout above gives). */
interface NadColumns {
  full: number | undefined;
  numberParts: number[];
  streetFull: number | undefined;
  streetParts: number[];
  unit: number | undefined;
  subAddress: number | undefined;
  cities: number[];
  state: number | undefined;
  zip: number | undefined;
  lat: number;
  lon: number;
  uuid: number | undefined;
}

/** A row reader for a NAD file with this header; a MapError naming what a NAD file must have and this one lacks. */
export function nadMap(header: string[]): (row: string[]) => SourceRecord {
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const at: ColumnOf = (name) => index.get(name);
  refuseUnlessNad(at);
  const columns = nadColumns(at);
  const deliveryOf = DELIVERY_FIELDS.some((name) => at(name) !== undefined) ? deliveryReader(at) : undefined;
  return (row) => {
    const record = nadRecord(row, columns);
    if (deliveryOf) {
      const delivery = deliveryOf(row);
      if (delivery) record.delivery = delivery;
    }
    return record;
  };
}

function refuseUnlessNad(at: ColumnOf): void {
  const missing = [
    at('addno_full') === undefined && at('add_number') === undefined && 'AddNo_Full or Add_Number',
    at('stnam_full') === undefined && at('st_name') === undefined && 'StNam_Full or St_Name',
    at('latitude') === undefined && 'Latitude',
    at('longitude') === undefined && 'Longitude',
  ].filter(Boolean);
  if (missing.length)
    throw new MapError(`not a National Address Database file: no ${missing.join(', ')} column`);
}

function nadColumns(at: ColumnOf): NadColumns {
  return {
    full: at('addno_full'),
    numberParts: ['addnum_pre', 'add_number', 'addnum_suf'].flatMap((n) => at(n) ?? []),
    streetFull: at('stnam_full'),
    streetParts: STREET_PARTS.flatMap((n) => at(n) ?? []),
    unit: at('unit'),
    subAddress: at('subaddress'),
    cities: CITY_FIELDS.flatMap((n) => at(n) ?? []),
    state: at('state'),
    zip: at('zip_code') ?? at('zip'),
    lat: at('latitude')!,
    lon: at('longitude')!,
    uuid: at('uuid'),
  };
}

/** A row's address: each part from its whole field, else its parts joined; place fields that state nothing left out. */
function nadRecord(row: string[], c: NadColumns): SourceRecord {
  const record: SourceRecord = {
    number: (c.full !== undefined && row[c.full]?.trim()) || joined(row, c.numberParts),
    street: (c.streetFull !== undefined && row[c.streetFull]?.trim()) || joined(row, c.streetParts),
    lat: row[c.lat],
    lon: row[c.lon],
  };
  const u =
    (c.unit !== undefined && place(row[c.unit])) || (c.subAddress !== undefined && place(row[c.subAddress]));
  if (u) record.unit = u;
  for (const i of c.cities) {
    const city = place(row[i]);
    if (city) {
      record.city = city;
      break;
    }
  }
  if (c.state !== undefined) record.region = row[c.state];
  if (c.zip !== undefined) record.postcode = zipOf(row[c.zip]);
  if (c.uuid !== undefined && row[c.uuid]) record.id = row[c.uuid].replace(/^\{|\}$/g, '');
  return record;
}

function joined(row: string[], columns: number[]): string {
  return columns
    .map((i) => row[i]?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

function place(v: string | undefined): string {
  return v && !NOT_STATED.has(v.trim().toUpperCase()) ? v.trim() : '';
}

/** The row's delivery fields (one shape for every row), or undefined when it fills none. */
function deliveryReader(at: ColumnOf): (row: string[]) => DeliveryFacts | undefined {
  const plus4 = at('plus_4');
  const zip = at('zip_code') ?? at('zip');
  // Each delivery column's values repeat (a few types, placements, lifecycles; the towns of the
  // file): cleaned once per distinct value, not once per row.
  const field = (name: string, key: Exclude<keyof DeliveryFacts, 'plus4'>) =>
    memoized(at(name), cleanerOf(key));
  const addressType = field('addr_type', 'addressType');
  const deliveryType = field('delivertyp', 'deliveryType');
  const lifecycle = field('lifecycle', 'lifecycle');
  const placement = field('placement', 'placement');
  const postCity = field('post_city', 'postCity');
  const urbanization = field('urbnztn_pr', 'urbanization');
  return (row) => {
    const d: DeliveryFacts = {
      plus4:
        plus4Of(plus4 === undefined ? undefined : row[plus4]) ??
        plus4OfZip(zip === undefined ? undefined : row[zip]),
      addressType: addressType(row),
      deliveryType: deliveryType(row),
      lifecycle: lifecycle(row),
      placement: placement(row),
      postCity: postCity(row),
      urbanization: urbanization(row),
    };
    return d.plus4 ||
      d.addressType ||
      d.deliveryType ||
      d.lifecycle ||
      d.placement ||
      d.postCity ||
      d.urbanization
      ? d
      : undefined;
  };
}

/** A delivery field as stored: trimmed, "Not stated" and the like dropped; city and urbanization upper case. */
function cleanerOf(key: Exclude<keyof DeliveryFacts, 'plus4'>): (raw: string) => string | undefined {
  const given = (raw: string) => {
    const v = raw.trim();
    return v && !NOT_STATED.has(v.toUpperCase()) ? v : undefined;
  };
  if (key === 'postCity') return (raw) => given(raw)?.toUpperCase().replace(/\s+/g, ' ');
  if (key === 'urbanization')
    return (raw) =>
      given(raw)
        ?.toUpperCase()
        .replace(/\s+/g, ' ')
        .replace(/^(URBANIZACION|URBANIZATION|URB)\b\.?\s*/, '') || undefined;
  return given;
}

const MEMO_LIMIT = 50_000;

/**
 * Column `i`'s cleaned value of a row. Rows come sorted by place, so a value is most often the
 * previous row's (compared, not hashed); others are remembered per distinct raw value (up to
 * MEMO_LIMIT of them).
 */
function memoized(i: number | undefined, clean: (raw: string) => string | undefined) {
  const seen = new Map<string, string | undefined>();
  let lastRaw = '';
  let last: string | undefined;
  return (row: string[]): string | undefined => {
    const raw = i === undefined ? undefined : row[i];
    if (!raw) return undefined;
    if (raw === lastRaw) return last;
    let value = seen.get(raw);
    if (value === undefined && !seen.has(raw)) {
      value = clean(raw);
      if (seen.size < MEMO_LIMIT) seen.set(raw, value);
    }
    lastRaw = raw;
    last = value;
    return value;
  };
}

/** NAD Lifecycle values that say an address is no longer in use: such a point is not imported. */
export function isRetired(lifecycle: string | undefined): boolean {
  return lifecycle !== undefined && /^\s*retired\s*$/i.test(lifecycle);
}

/**
 * "1234" -> "1234"; "30" -> "0030" (an add-on once stored as a number lost its leading zeros);
 * blank, "0000" (no add-on is 0000) or anything else -> undefined.
 */
function plus4Of(v: string | undefined): string | undefined {
  const add = (v ?? '').trim();
  if (!/^\d{1,4}$/.test(add)) return undefined;
  const padded = add.padStart(4, '0');
  return padded === '0000' ? undefined : padded;
}

/** "43215-1234" -> "1234": some files give the ZIP+4 whole in Zip_Code. */
function plus4OfZip(v: string | undefined): string | undefined {
  const m = /^\s*\d{5}-(\d{4})\s*$/.exec(v ?? '');
  return m ? plus4Of(m[1]) : undefined;
}

/** "2134" -> "02134": a ZIP once stored as a number lost its leading zeros. */
function zipOf(v: string | undefined): string {
  const zip = (v ?? '').trim();
  return /^\d{3,4}$/.test(zip) ? zip.padStart(5, '0') : zip;
}
