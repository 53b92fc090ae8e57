import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/pool.js';
import { reference } from '../../engines/address/index.js';
import {
  addressPreview,
  buildingOf,
  completionOf,
  type IntlPoint,
  type IntlPreview,
  type PreviewOptions,
  pointIdOf,
  previewsOf,
  standardPointOf,
  verifyIntl,
} from '../../engines/address/intl/index.js';
import { apiError, invalid } from '../../platform/errors.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled, INTL_LOOKUPS } from '../../platform/metering/metering.repo.js';
import { documented } from '../../platform/route-helpers.js';
import {
  intlBuildingPoints,
  intlPointById,
  type PreviewFilter,
} from '../../reference-store/intl-points.repo.js';
import { PgIntlPoints } from '../../reference-store/pg-intl-points.js';
import { Envelope, ok } from '../addver/envelope.js';
import { VerifiedAddressSchema } from '../addver/verification.schema.js';
import type { AppDeps } from '../deps.js';
import { previewPoints } from './preview-points.js';
import {
  IntlCompletionSchema,
  IntlPreviewQuery,
  IntlPreviewSchema,
  IntlResolveBody,
  IntlResolveQuery,
  IntlVerifiedAddressSchema,
} from './schema.js';
import { standardFallbackPreviews } from './standard-fallback.js';

const tags = ['International address verification'];

/** "GB,de" -> ["GB", "DE"]; a 400 naming the filter for a code that is no country. */
function countriesOf(filter: string | undefined): string[] | undefined {
  if (!filter?.trim()) return undefined;
  return filter
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((code) => {
      const country = reference.country(code);
      if (!country) throw invalid('countriesFilter', `"${code}" is not a known country code.`);
      return country.alpha2;
    });
}

const PREVIEWS_SCHEMA = {
  tags,
  querystring: IntlPreviewQuery,
  response: { 200: documented(Envelope(Type.Array(IntlPreviewSchema))) },
};

const RESOLVE_SCHEMA = {
  tags,
  querystring: IntlResolveQuery,
  body: IntlResolveBody,
  response: {
    200: documented(
      Envelope(
        // Most specific first: the serializer answers with the first shape the value fits.
        Type.Union([IntlVerifiedAddressSchema, VerifiedAddressSchema, IntlCompletionSchema]),
      ),
    ),
  },
};

/**
 * GET /v1/intl_addver/completions: previews as the user types, over the imported points of
 * any country (no lookup). A building with units is one `Container`; `advanced=true&container=ID`
 * lists its units. POST: a chosen `Address` preview resolved (1 lookup); with `verify=true` a
 * US or Canadian one is answered by the standard verifier, any other by international verification.
 */
export const intlCompletionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const source = new PgIntlPoints(deps.pool);
  app.get('/completions', { schema: PREVIEWS_SCHEMA }, async (request) =>
    ok(await previewsFor(deps, request.query), 'Retrieved address previews.'),
  );
  app.post('/completions', { schema: RESOLVE_SCHEMA }, (request) =>
    resolveCompletion(deps, source, request.auth.orgId, request.body.id, request.query),
  );
};

type PreviewQuery = Static<typeof IntlPreviewQuery>;
type ResolveQuery = Static<typeof IntlResolveQuery>;

function previewsFor(deps: AppDeps, q: PreviewQuery): Promise<IntlPreview[]> {
  const limit = q.limit ?? 10;
  const options = q.language ? { language: q.language } : {};
  if (q.advanced || q.container) return unitPreviews(deps.pool, q, limit, options);
  return streetPreviews(deps, q, limit, options);
}

/** `advanced=true&container=ID`: the units of the building a Container preview stands for. */
async function unitPreviews(
  pool: Queryable,
  q: PreviewQuery,
  limit: number,
  options: PreviewOptions,
): Promise<IntlPreview[]> {
  if (!q.container)
    throw invalid('container', 'is required with advanced=true (the id of a Container preview).');
  const building = buildingOf(q.container);
  if (!building) throw invalid('container', 'is not the id of a Container preview.');
  const units = await intlBuildingPoints(pool, building);
  return units.slice(0, limit).map((p) => addressPreview(p, q.partialStreet ?? '', options));
}

/** Previews of the points whose street line starts as typed, then the standard engine's if asked. */
async function streetPreviews(
  deps: AppDeps,
  q: PreviewQuery,
  limit: number,
  options: PreviewOptions,
): Promise<IntlPreview[]> {
  const partial = q.partialStreet ?? q.streetFilter;
  if (partial === undefined)
    throw invalid('partialStreet', 'is required (or advanced=true with a container).');
  if (!/[\p{L}\p{N}]/u.test(partial))
    throw invalid('partialStreet', 'must contain the start of a house number or street name.');
  const countries = countriesOf(q.countriesFilter);
  // Units of one building share a preview, so read more points than previews asked for.
  const points = await previewPoints(deps.pool, partial, previewFilterOf(q, countries), limit * 20);
  const previews = previewsOf(points, partial, limit, options);
  if (q.standardFallback && previews.length < limit) {
    const fallback = { ...q, partialStreet: partial, countries };
    previews.push(...(await standardFallbackPreviews(deps, fallback, previews, limit, options)));
  }
  return previews;
}

function previewFilterOf(q: PreviewQuery, countries: string[] | undefined): PreviewFilter {
  return {
    ...(countries ? { countries } : {}),
    ...(q.cityFilter?.trim() ? { city: q.cityFilter.trim().toUpperCase() } : {}),
    ...(q.postalOrZipFilter?.trim()
      ? { postal: q.postalOrZipFilter.toUpperCase().replace(/[\s-]/g, '') }
      : {}),
  };
}

/** POST: the chosen preview's address, charged a lookup, verified when asked. */
async function resolveCompletion(
  deps: AppDeps,
  source: PgIntlPoints,
  orgId: string,
  id: string,
  q: ResolveQuery,
) {
  const point = await addressPointOf(deps.pool, id);
  await chargeLookups(deps.pool, deps.clock, orgId, LOOKUP_COST.intlCompletionResolve, INTL_LOOKUPS);
  if (!q.verify) return ok(completionOf(point, q.properCase), 'Retrieved the completed address.');
  const verified =
    point.country === 'US' || point.country === 'CA'
      ? await verifyStandard(deps, orgId, point, q)
      : await verifyIntl(intlInputOf(point), source, {
          properCase: q.properCase,
          includeDetails: q.includeDetails,
        });
  return ok(verified, 'Verified the completed address.');
}

/** The point an Address preview's id names: a 400 for any other id, a 404 for one no longer there. */
async function addressPointOf(pool: Queryable, id: string): Promise<IntlPoint> {
  const pointId = pointIdOf(id);
  const standard = standardPointOf(id);
  if (!pointId && !standard)
    throw invalid(
      'id',
      buildingOf(id)
        ? 'is a Container: list its units with GET /completions?advanced=true&container=ID.'
        : 'is not the id of an Address preview.',
    );
  const point = standard ?? (await intlPointById(pool, pointId!));
  if (!point) throw apiError('not_found_error', `No address has the id ${id}.`);
  return point;
}

/**
 * As on the standard API: only a plan with geocoding geocodes (spec 2.5), and a returned
 * geocode costs its standard lookup.
 */
async function verifyStandard(deps: AppDeps, orgId: string, point: IntlPoint, q: ResolveQuery) {
  const geocode = !!q.geocode && (await geocodingEnabled(deps.pool, orgId));
  const verified = await deps.verifier.verify(standardInputOf(point), {
    properCase: q.properCase,
    includeDetails: q.includeDetails,
    geocode,
  });
  if (verified.geocodeResult) await chargeLookups(deps.pool, deps.clock, orgId, LOOKUP_COST.geocode);
  return verified;
}

function standardInputOf(p: IntlPoint) {
  const c = completionOf(p);
  return {
    line1: c.line1,
    ...(p.unitId ? { line2: [p.unitDesignator, p.unitId].filter(Boolean).join(' ') } : {}),
    city: p.city,
    provinceOrState: p.state,
    postalOrZip: c.postalOrZip,
    country: p.country.toLowerCase(),
  };
}

/**
 * The point as an address to verify. Its unit goes in line2 with a designator (a bare "A"
 * would read as a building's name, and the building's own point would match).
 */
function intlInputOf(p: IntlPoint) {
  const c = completionOf(p);
  return {
    country: p.country,
    line1: c.line1,
    ...(p.unitId ? { line2: `${p.unitDesignator || 'UNIT'} ${p.unitId}` } : {}),
    city: p.city,
    provinceOrState: p.state,
    postalOrZip: c.postalOrZip,
  };
}
