/**
 * Where international verification and autocomplete get imported address points. The engine
 * stays pure: the PostgreSQL store (reference-store/pg-intl-points.ts) and the in-memory one
 * (tests) implement it.
 */
import type { ReferencePoint } from '../verify/reference-point.js';

/** A point with its country and the store's id for it (resolvable by POST /completions). */
export interface IntlPoint extends ReferencePoint {
  country: string;
  id: string;
}

export interface IntlPointSource {
  /** Points of a country with this postal code (compact, upper case: "SW1A2AA"). */
  byPostcode(country: string, postcode: string): Promise<IntlPoint[]>;
  /** Points of a country whose locality is this (upper case, as stored). */
  byLocality(country: string, locality: string): Promise<IntlPoint[]>;
}

/** Points held in memory (tests, benches). */
export class MemoryIntlSource implements IntlPointSource {
  constructor(private readonly points: IntlPoint[]) {}

  async byPostcode(country: string, postcode: string): Promise<IntlPoint[]> {
    return this.points.filter((p) => p.country === country && p.zip.replace(/[\s-]/g, '') === postcode);
  }

  async byLocality(country: string, locality: string): Promise<IntlPoint[]> {
    return this.points.filter((p) => p.country === country && p.city.toUpperCase() === locality);
  }
}
