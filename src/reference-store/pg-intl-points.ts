import type { Queryable } from '../db/pool.js';
import type { IntlPoint, IntlPointSource } from '../engines/address/intl/index.js';
import { intlPointsByLocality, intlPointsByPostcode } from './intl-points.repo.js';

/** International verification's points, straight from PostgreSQL (one indexed read per address). */
export class PgIntlPoints implements IntlPointSource {
  constructor(private readonly db: Queryable) {}

  byPostcode(country: string, postcode: string): Promise<IntlPoint[]> {
    return intlPointsByPostcode(this.db, country, postcode);
  }

  byLocality(country: string, locality: string): Promise<IntlPoint[]> {
    return intlPointsByLocality(this.db, country, locality);
  }
}
