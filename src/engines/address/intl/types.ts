import type { ErrorsObject } from '../verify/findings.js';
import type { Summary } from './summary.js';

export interface IntlVerifyOptions {
  includeDetails?: boolean;
  properCase?: boolean;
  geoData?: boolean;
}

/** Spec 2.10 `details`: only the fields the input's parse and the data support. */
export interface IntlDetails {
  building?: string;
  premise?: string;
  premiseNumber?: string;
  street?: string;
  subBuilding?: string;
  subBuildingType?: string;
  subBuildingNumber?: string;
  deliveryAddress?: string;
  dependentLocality?: string;
  cityName?: string;
  provinceOrStateName?: string;
  postalOrZipPrimary?: string;
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
  formattedAddress: string;
  status: 'verified' | 'corrected' | 'failed';
  errors: ErrorsObject;
  summary: Summary;
  details?: IntlDetails;
  geoData?: { geoAccuracy: string; latitude: string; longitude: string };
}
