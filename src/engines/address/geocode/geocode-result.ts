/** Spec 2.5. */
export interface GeocodeResult {
  accuracy: number;
  accuracyType: 'rooftop' | 'range_interpolation' | 'street_center' | 'place' | 'state';
  location: { lat: number; lng: number };
}

/** How much each kind of position is worth: a surveyed point down to a state's middle. */
export const ACCURACY: Record<GeocodeResult['accuracyType'], number> = {
  rooftop: 1,
  range_interpolation: 0.8,
  street_center: 0.6,
  place: 0.4,
  state: 0.1,
};

const round = (x: number) => Math.round(x * 1e7) / 1e7;

export function located(type: GeocodeResult['accuracyType'], lat: number, lng: number): GeocodeResult {
  return { accuracy: ACCURACY[type], accuracyType: type, location: { lat: round(lat), lng: round(lng) } };
}
