import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MAILPIECE_KINDS } from '../../../engines/render/index.js';
import { normalizeCountryCode } from '../../../platform/country-code.js';
import { invalid } from '../../../platform/errors.js';
import type { AppDeps } from '../../deps.js';
import { MAILING_CLASSES } from '../orders/mailing-class.js';
import { mailingClassProblem } from '../orders/mailing-class-rules.js';

const Query = Type.Object({
  returnCountryCode: Type.String({ maxLength: 3, description: 'Where undeliverable pieces go back to.' }),
  destinationCountryCode: Type.Optional(Type.String({ maxLength: 3 })),
  mailingList: Type.Optional(Type.String({ maxLength: 100 })),
});

const Capabilities = Type.Object({
  mailingClasses: Type.Array(Type.String()),
  sizes: Type.Array(Type.String()),
});

/**
 * GET /snap_packs/capabilities: the sizes, and the mailing classes that can post a snap pack to
 * the destination (the rule the render job applies: mailing-class-rules.ts). One of
 * `destinationCountryCode` or `mailingList` is required, not both.
 */
export const snapPackCapabilities: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/snap_packs/capabilities',
    { schema: { tags: ['Snap packs'], querystring: Query, response: { 200: Capabilities } } },
    async (request) => {
      const { returnCountryCode, destinationCountryCode, mailingList } = request.query;
      normalizeCountryCode(returnCountryCode, 'returnCountryCode');
      if ((destinationCountryCode === undefined) === (mailingList === undefined))
        throw invalid('destinationCountryCode', 'or mailingList is required, not both.');
      // Mailing lists do not exist yet, so no id names one.
      if (mailingList !== undefined)
        throw invalid('mailingList', `refers to mailing list ${mailingList}, which does not exist.`);
      const countryCode = normalizeCountryCode(destinationCountryCode!, 'destinationCountryCode');
      return {
        mailingClasses: MAILING_CLASSES.filter((c) => mailingClassProblem(c, { countryCode }) === null),
        sizes: Object.keys(MAILPIECE_KINDS.snap_pack),
      };
    },
  );
};
