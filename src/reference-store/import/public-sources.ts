/**
 * Public address-point sources the importer reads, for `postroom data sources` (licences and
 * details in docs/data-sources.md). Landing pages rather than file links: releases are renamed
 * (NAD_r21, r22...) and OpenAddresses downloads sit behind a free account.
 */
export interface PublicSource {
  name: string;
  covers: string;
  format: string;
  licence: string;
  fetch: string;
  example: string;
}

export const PUBLIC_SOURCES: readonly PublicSource[] = [
  {
    name: 'OpenAddresses (batch downloads)',
    covers: 'about 100 countries, one file per source (a city, county, state or country)',
    format:
      'GeoJSON lines, gzipped (us/ky/jefferson-addresses-county.geojson.gz); country and region from the path',
    licence:
      "per source: each source's own licence (public domain, CC0, CC BY, ODbL...); see docs/data-sources.md",
    fetch: 'https://batch.openaddresses.io/data: sign in (free), download a source or a collection',
    example: 'postroom data import us-ky-jefferson-addresses-county.geojson.gz --country US --region KY',
  },
  {
    name: 'OpenAddresses (legacy collections and per-source zips)',
    covers: 'regional and global collections published before the batch service',
    format:
      'zip of CSVs (LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH), one per source under cc/rr/',
    licence: 'per source, as above; each zip carries the licence notes of its sources',
    fetch: 'a saved copy of openaddr-collected-*.zip (read in place, members one by one)',
    example: 'postroom data import openaddr-collected-us_south.zip',
  },
  {
    name: 'US DOT National Address Database (NAD)',
    covers: 'United States, tens of millions of points from state, county and tribal address authorities',
    format:
      'text (comma-separated, header of NAD schema fields: AddNo_Full, StNam_Full, Post_City, State, Zip_Code, Longitude, Latitude, UUID...), zipped',
    licence: 'US government work, no copyright restrictions (public domain); USDOT disclaims warranties',
    fetch:
      'https://www.transportation.gov/gis/national-address-database: the "NAD text file" zip of the latest release',
    example: 'postroom data import NAD_r22_TXT.zip   (or its URL)',
  },
  {
    name: 'Any CSV of points (city and state open-data portals)',
    covers: 'wherever a government publishes address points as CSV',
    format: 'CSV with a header; columns named like OpenAddresses, or mapped with --map',
    licence: "the publisher's (often public domain or an open government licence): check before loading",
    fetch: "the portal's CSV export",
    example:
      'postroom data import points.csv --map "number=ADDR_NUM,street=ST_NAME+ST_TYPE,postcode=ZIP,lat=Y,lon=X" --region KY',
  },
];

export function formatSources(): string {
  return PUBLIC_SOURCES.map(
    (s) =>
      `${s.name}\n  covers:  ${s.covers}\n  format:  ${s.format}\n  licence: ${s.licence}\n  fetch:   ${s.fetch}\n  import:  ${s.example}`,
  ).join('\n\n');
}
