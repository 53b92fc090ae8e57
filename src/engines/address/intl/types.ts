import type { ErrorsObject } from '../verify/findings.js';
import type { Summary } from './summary.js';

export interface IntlVerifyOptions {
  includeDetails?: boolean;
  properCase?: boolean;
  geoData?: boolean;
}

/** Spec 2.10 `details`, 33 optional strings: only those the input's parse and the data support (detail-fields.ts). */
export interface IntlDetails {
  building?: string;
  buildingType?: string;
  cityName?: string;
  citySecondary?: string;
  cityType?: string;
  deliveryAddress?: string;
  dependentLocality?: string;
  doubleDependentLocality?: string;
  organization?: string;
  postalOrZipPrimary?: string;
  postalOrZipSecondary?: string;
  postBox?: string;
  premise?: string;
  premiseNumber?: string;
  premiseSecondary?: string;
  premiseType?: string;
  provinceOrStateName?: string;
  provinceOrStateType?: string;
  street?: string;
  streetPostDirection?: string;
  streetPreDirection?: string;
  streetType?: string;
  subAdministrativeArea?: string;
  subBuilding?: string;
  /** Capital S, as the spec writes it. */
  SubBuildingFloor?: string;
  subBuildingNumber?: string;
  subBuildingType?: string;
  subStreet?: string;
  subStreetPostDirection?: string;
  subStreetPreDirection?: string;
  subStreetType?: string;
  superAdministrativeArea?: string;
  telephone?: string;
}

/** Spec 2.10: an international verified address. */
export interface IntlVerifiedAddress {
  line1: string;
  line2?: string;
  line3?: string;
  line4?: string;
  city: string;
  provinceOrState: string;
  postalOrZip: string;
  country: string;
  countryName: string;
  firmName?: string;
  /** A US point's ZIP+4 add-on (four digits). */
  zipPlus4?: string;
  formattedAddress: string;
  status: 'verified' | 'corrected' | 'failed';
  errors: ErrorsObject;
  summary: Summary;
  details?: IntlDetails;
  geoData?: { geoAccuracy: string; latitude: string; longitude: string };
}
