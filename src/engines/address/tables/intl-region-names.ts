/**
 * How addresses name the regions of countries whose GeoNames region names (English) or codes
 * (numbers) differ from what the post uses: ISO 3166-2 subdivision codes and local names.
 * `CODE Name/Other_name|...` per country; `_` stands for a space inside a name. Public facts
 * (ISO 3166-2, the national posts' addressing guides). Australia, Brazil and Mexico come from
 * intl-regions.ts, Canada from canada.ts and the US states from us-states.ts.
 */
const TABLES: Record<string, string> = {
  DE: 'BW Baden-Württemberg|BY Bayern/Bavaria|BE Berlin/State_of_Berlin|BB Brandenburg|HB Bremen|HH Hamburg|HE Hessen/Hesse|MV Mecklenburg-Vorpommern|NI Niedersachsen/Lower_Saxony|NW Nordrhein-Westfalen/North_Rhine-Westphalia/NRW|RP Rheinland-Pfalz/Rhineland-Palatinate|SL Saarland|SN Sachsen/Saxony|ST Sachsen-Anhalt/Saxony-Anhalt|SH Schleswig-Holstein|TH Thüringen/Thuringia',
  AT: '1 Burgenland|2 Kärnten/Carinthia|3 Niederösterreich/Lower_Austria|4 Oberösterreich/Upper_Austria|5 Salzburg|6 Steiermark/Styria|7 Tirol/Tyrol|8 Vorarlberg|9 Wien/Vienna',
  NL: 'DR Drenthe|FL Flevoland|FR Friesland/Fryslân|GE Gelderland|GR Groningen|LI Limburg|NB Noord-Brabant/North_Brabant|NH Noord-Holland/North_Holland|OV Overijssel|UT Utrecht|ZE Zeeland|ZH Zuid-Holland/South_Holland',
  GB: 'ENG England|SCT Scotland|WLS Wales/Cymru|NIR Northern_Ireland',
  JP: '01 Hokkaido/Hokkaidō|13 Tokyo/Tōkyō/Tokyo-to|27 Osaka/Ōsaka/Osaka-fu|26 Kyoto/Kyōto/Kyoto-fu|14 Kanagawa|23 Aichi|40 Fukuoka',
};

export interface RegionName {
  country: string;
  code: string;
  /** The local name first, then other names the region is written with. */
  names: string[];
}

export const INTL_REGION_NAMES: readonly RegionName[] = Object.freeze(
  Object.entries(TABLES).flatMap(([country, text]) =>
    text.split('|').map((cell) => {
      const [code, names] = cell.split(' ');
      return { country, code, names: names.split('/').map((n) => n.replace(/_/g, ' ')) };
    }),
  ),
);
