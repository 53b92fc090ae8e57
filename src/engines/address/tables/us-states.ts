/**
 * US states, DC, territories and freely associated states with USPS two-letter codes
 * (USPS Publication 28, Appendix B), plus the three military "states" AA, AE and AP.
 */
export interface UsState {
  code: string;
  name: string;
  kind: 'state' | 'district' | 'territory' | 'associated' | 'military';
  /** Two-digit FIPS state code where one exists. */
  fips?: string;
}

const ROWS = `
AL Alabama state 01|AK Alaska state 02|AZ Arizona state 04|AR Arkansas state 05|CA California state 06
CO Colorado state 08|CT Connecticut state 09|DE Delaware state 10|DC District_of_Columbia district 11
FL Florida state 12|GA Georgia state 13|HI Hawaii state 15|ID Idaho state 16|IL Illinois state 17
IN Indiana state 18|IA Iowa state 19|KS Kansas state 20|KY Kentucky state 21|LA Louisiana state 22
ME Maine state 23|MD Maryland state 24|MA Massachusetts state 25|MI Michigan state 26|MN Minnesota state 27
MS Mississippi state 28|MO Missouri state 29|MT Montana state 30|NE Nebraska state 31|NV Nevada state 32
NH New_Hampshire state 33|NJ New_Jersey state 34|NM New_Mexico state 35|NY New_York state 36
NC North_Carolina state 37|ND North_Dakota state 38|OH Ohio state 39|OK Oklahoma state 40|OR Oregon state 41
PA Pennsylvania state 42|RI Rhode_Island state 44|SC South_Carolina state 45|SD South_Dakota state 46
TN Tennessee state 47|TX Texas state 48|UT Utah state 49|VT Vermont state 50|VA Virginia state 51
WA Washington state 53|WV West_Virginia state 54|WI Wisconsin state 55|WY Wyoming state 56
AS American_Samoa territory 60|GU Guam territory 66|MP Northern_Mariana_Islands territory 69
PR Puerto_Rico territory 72|VI Virgin_Islands territory 78|UM US_Minor_Outlying_Islands territory 74
FM Federated_States_of_Micronesia associated 64|MH Marshall_Islands associated 68|PW Palau associated 70
AA Armed_Forces_Americas military -|AE Armed_Forces_Europe military -|AP Armed_Forces_Pacific military -
`;

function parse(): UsState[] {
  return ROWS.trim()
    .split(/\||\n/)
    .map((cell) => {
      const [code, name, kind, fips] = cell.trim().split(' ');
      return {
        code,
        name: name.replace(/_/g, ' '),
        kind: kind as UsState['kind'],
        ...(fips !== '-' ? { fips } : {}),
      };
    });
}

export const US_STATES: readonly UsState[] = Object.freeze(parse());

/** Other spellings seen in mail: old abbreviations, dotted forms, "Washington DC". */
const ALIASES: Record<string, string> = {
  'N Y': 'NY',
  'N C': 'NC',
  'N D': 'ND',
  'S C': 'SC',
  'S D': 'SD',
  'N H': 'NH',
  'N J': 'NJ',
  'N M': 'NM',
  'R I': 'RI',
  'W VA': 'WV',
  'D C': 'DC',
  CALIF: 'CA',
  DEL: 'DE',
  CAL: 'CA',
  MASS: 'MA',
  PENN: 'PA',
  PENNA: 'PA',
  ILL: 'IL',
  ILLS: 'IL',
  MICH: 'MI',
  MINN: 'MN',
  WISC: 'WI',
  WIS: 'WI',
  TENN: 'TN',
  TEX: 'TX',
  FLA: 'FL',
  ARIZ: 'AZ',
  COLO: 'CO',
  CONN: 'CT',
  OKLA: 'OK',
  ORE: 'OR',
  WASH: 'WA',
  KANS: 'KS',
  NEBR: 'NE',
  NEV: 'NV',
  'US VIRGIN ISLANDS': 'VI',
  'VIRGIN ISLANDS OF THE UNITED STATES': 'VI',
  'COMMONWEALTH OF PUERTO RICO': 'PR',
};

const BY_KEY = new Map<string, UsState>();
for (const s of US_STATES) {
  BY_KEY.set(s.code, s);
  BY_KEY.set(s.name.toUpperCase(), s);
}
for (const [alias, code] of Object.entries(ALIASES)) BY_KEY.set(alias, BY_KEY.get(code)!);

/** Looks up by code, full name or alias; the key must be upper case with periods removed. */
export function usState(key: string): UsState | undefined {
  return BY_KEY.get(key);
}

/** Longest multi-word state name, in words, so callers know how far to look back. */
export const US_STATE_MAX_WORDS = 6;
