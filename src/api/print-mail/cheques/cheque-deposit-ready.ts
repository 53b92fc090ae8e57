import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeOf } from '../../../platform/auth/authenticate.js';
import { notFound } from '../../../platform/errors.js';
import { documented, IdParams } from '../../../platform/route-helpers.js';
import type { AppDeps } from '../../deps.js';
import type { OrderKind } from '../orders/order-kind.js';
import { orderDocWithKeys } from '../orders/order-schedule.repo.js';
import { withLinks } from '../orders/order-snapshot.js';
import { Cheque } from './cheque.schema.js';

/**
 * GET /cheques/{id}/with_deposit_ready_pdf: the cheque, and for a digital-only one whose PDF
 * exists, `depositReadyPDFURL`, a signed link to the PDF the payee deposits (the cheque's own
 * PDF: full MICR line and the watermark; docs/decisions.md).
 */
export function chequeDepositReady(kind: OrderKind): FastifyPluginAsyncTypebox<{ deps: AppDeps }> {
  return async (app, { deps }) => {
    app.get(
      '/cheques/:id/with_deposit_ready_pdf',
      { schema: { tags: [kind.tag], params: IdParams('cheque'), response: { 200: documented(Cheque) } } },
      async (request) => {
        const found = await orderDocWithKeys(deps.pool, kind, scopeOf(request), request.params.id);
        if (!found) throw notFound('cheque', request.params.id);
        const cheque = JSON.parse(withLinks(found.doc, found.keys, deps.signer));
        if (cheque.digitalOnly && found.keys.pdfKey)
          cheque.depositReadyPDFURL = deps.signer.urlFor(found.keys.pdfKey);
        return cheque;
      },
    );
  };
}
