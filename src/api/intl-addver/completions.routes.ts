import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { reference } from '../../engines/address/index.js';
import {
  addressPreview,
  buildingOf,
  completionOf,
  type IntlPoint,
  pointIdOf,
  previewsOf,
  standardPointOf,
  verifyIntl,
} from '../../engines/address/intl/index.js';
import { apiError, invalid } from '../../platform/errors.js';
import { chargeLookups, LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled, INTL_LOOKUPS } from '../../platform/metering/metering.repo.js';
import { documented } from '../../platform/route-helpers.js';
import { intlBuildingPoints, intlPointById } from '../../reference-store/intl-points.repo.js';
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

/**
 * GET /v1/intl_addver/completions: previews as the user types, over the imported points of
 * any country (no lookup). A building with units is one `Container`; `advanced=true&container=ID`
 * lists its units. POST: a chosen `Address` preview resolved (1 lookup); with `verify=true` a
 * US or Canadian one is answered by the standard verifier, any other by international verification.
 */
export const intlCompletionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const source = new PgIntlPoints(deps.pool);

  app.get(
    '/completions',
    {
      schema: {
        tags,
        querystring: IntlPreviewQuery,
        response: { 200: documented(Envelope(Type.Array(IntlPreviewSchema))) },
      },
    },
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? 10;
      const options = q.language ? { language: q.language } : {};
      if (q.advanced || q.container) {
        if (!q.container)
          throw invalid('container', 'is required with advanced=true (the id of a Container preview).');
        const building = buildingOf(q.container);
        if (!building) throw invalid('container', 'is not the id of a Container preview.');
        const units = await intlBuildingPoints(deps.pool, building);
        return ok(
          units.slice(0, limit).map((p) => addressPreview(p, q.partialStreet ?? '', options)),
          'Retrieved address previews.',
        );
      }
      const partial = q.partialStreet ?? q.streetFilter;
      if (partial === undefined)
        throw invalid('partialStreet', 'is required (or advanced=true with a container).');
      if (!/[\p{L}\p{N}]/u.test(partial))
        throw invalid('partialStreet', 'must contain the start of a house number or street name.');
      const countries = countriesOf(q.countriesFilter);
      const filter = {
        ...(countries ? { countries } : {}),
        ...(q.cityFilter?.trim() ? { city: q.cityFilter.trim().toUpperCase() } : {}),
        ...(q.postalOrZipFilter?.trim()
          ? { postal: q.postalOrZipFilter.toUpperCase().replace(/[\s-]/g, '') }
          : {}),
      };
      // Units of one building share a preview, so read more points than previews asked for.
      const points = await previewPoints(deps.pool, partial, filter, limit * 20);
      const previews = previewsOf(points, partial, limit, options);
      if (q.standardFallback && previews.length < limit) {
        const fallback = { ...q, partialStreet: partial, countries };
        previews.push(...(await standardFallbackPreviews(deps, fallback, previews, limit, options)));
      }
      return ok(previews, 'Retrieved address previews.');
    },
  );

  app.post(
    '/completions',
    {
      schema: {
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
      },
    },
    async (request) => {
      const { id } = request.body;
      const q = request.query;
      const pointId = pointIdOf(id);
      const standard = standardPointOf(id);
      if (!pointId && !standard)
        throw invalid(
          'id',
          buildingOf(id)
            ? 'is a Container: list its units with GET /completions?advanced=true&container=ID.'
            : 'is not the id of an Address preview.',
        );
      const point = standard ?? (await intlPointById(deps.pool, pointId!));
      if (!point) throw apiError('not_found_error', `No address has the id ${id}.`);
      await chargeLookups(
        deps.pool,
        deps.clock,
        request.auth.orgId,
        LOOKUP_COST.intlCompletionResolve,
        INTL_LOOKUPS,
      );
      if (!q.verify) return ok(completionOf(point, q.properCase), 'Retrieved the completed address.');
      if (point.country === 'US' || point.country === 'CA') {
        // As on the standard API: only a plan with geocoding geocodes (spec 2.5), and a
        // returned geocode costs its standard lookup.
        const geocode = !!q.geocode && (await geocodingEnabled(deps.pool, request.auth.orgId));
        const verified = await deps.verifier.verify(standardInputOf(point), {
          properCase: q.properCase,
          includeDetails: q.includeDetails,
          geocode,
        });
        if (verified.geocodeResult)
          await chargeLookups(deps.pool, deps.clock, request.auth.orgId, LOOKUP_COST.geocode);
        return ok(verified, 'Verified the completed address.');
      }
      const verified = await verifyIntl(intlInputOf(point), source, {
        properCase: q.properCase,
        includeDetails: q.includeDetails,
      });
      return ok(verified, 'Verified the completed address.');
    },
  );
};

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
