import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small reference area of our own (real ZIPs, made-up points) for tests: Louisville
 * streets without units, one office building with suites only, and a San Francisco
 * building with bare unit numbers in another column layout.
 */
export const LOUISVILLE_CSV = `NUMBER,STREET,UNIT,CITY,REGION,POSTCODE,LAT,LON,ID
1920,NEWBURG RD,,Louisville,Kentucky,40205,38.2211,-85.7110,a1
1924,NEWBURG RD,,Louisville,Kentucky,40205,38.2215,-85.7114,a2
1930,NEWBURG RD,,Louisville,Kentucky,40205,38.2221,-85.7120,a3
2221,WADSWORTH AVE,,Louisville,KY,40205,38.2158,-85.6725,a4
4110,CAVEN CT,,Louisville,KY,40229,38.1030,-85.6883,a5
3119,S 2ND ST,,Louisville,KY,40208,38.2101,-85.7632,a6
533,E LIBERTY ST,,Louisville,KY,40202,38.2512,-85.7480,a7
500,W MAIN ST,STE 100,Louisville,KY,40202,38.2570,-85.7590,a8
500,W MAIN ST,STE 200,Louisville,KY,40202,38.2570,-85.7590,a9
`;

export const SF_CSV = `eas_baseid,number,number_suffix,street_name,street_type,unit,city,state,postcode,lat,lon
1,601,,VAN NESS,AVE,,SAN FRANCISCO,CA,94102,37.7810,-122.4210
2,601,,VAN NESS,AVE,73,SAN FRANCISCO,CA,94102,37.7810,-122.4210
3,601,,VAN NESS,AVE,48,SAN FRANCISCO,CA,94102,37.7810,-122.4210
4,7,,OCTAVIA,ST,,SAN FRANCISCO,CA,94102,37.7721,-122.4238
5,1516,,FOLSOM,ST,1,SAN FRANCISCO,CA,94103,37.7718,-122.4145
6,1516,,FOLSOM,ST,2,SAN FRANCISCO,CA,94103,37.7718,-122.4145
`;

export const SF_MAP =
  'number=number+number_suffix,street=street_name+street_type,unit=unit,city=city,region=state,postcode=postcode,lat=lat,lon=lon';

export function writeFixture(name: string, text: string): string {
  const file = path.join(os.tmpdir(), `postroom-${process.pid}-${name}`);
  writeFileSync(file, text);
  return file;
}
