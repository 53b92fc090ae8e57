import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../api/deps.js';
import { cancelOrder } from '../../../api/print-mail/orders/cancel-order.js';
import { ORDER_KINDS, orderKindOfId } from '../../../api/print-mail/orders/order-kinds.js';
import { ORDER_STATUSES } from '../../../api/print-mail/orders/order-status.js';
import { progressOrder } from '../../../api/print-mail/orders/progress-order.js';
import { barcodeOf } from '../../../api/print-mail/tracking/imb-barcodes.repo.js';
import { scansOf } from '../../../api/print-mail/tracking/scans.repo.js';
import { withTransaction } from '../../../db/tx.js';
import { notFound } from '../../../platform/errors.js';
import { sendBlob } from '../../blob-download.js';
import { pageNumber } from '../../format.js';
import { field, requireOrganization, scopeOfPage, sessionKeyId } from '../../guard.js';
import { csrfToken, flash, pageHeaders, redirect, sendPage } from '../../page.js';
import { orderHtml, orderLiveHtml } from './order.html.js';
import { orderDetail, orderEvents } from './order-detail.repo.js';
import { type OrdersListView, ordersListHtml } from './orders-list.html.js';
import { listOrdersPage, type OrderFilters } from './orders-list.repo.js';

const page = { schema: { hide: true } };
const LIMIT = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A yyyy-mm-dd date from the filter form as an instant (UTC midnight), or undefined. */
function day(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Orders of every kind in the registry (orders/order-kinds.ts), through the same services as
 * the API: the list, one order with its PDF and timeline, cancel and progress (the functions
 * its routes call). The create form is order-new.routes.ts.
 */
export const ordersPages: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireOrganization);
  app.get('/orders', page, (request, reply) => ordersListPage(deps, request, reply));
  app.get('/orders/:id', page, (request, reply) => orderPage(deps, request, reply));
  // The polled part of the order page (htmx swaps it in until the PDF exists).
  app.get('/orders/:id/live', page, (request, reply) => orderLivePart(deps, request, reply));
  // The order's PDF from the blob store, for the page's viewer: same origin, same session.
  app.get('/orders/:id/pdf', page, (request, reply) => orderPdf(deps, request, reply));
  app.post('/orders/:id/cancel', page, (request, reply) => cancelFromPage(deps, request, reply));
  app.post('/orders/:id/progress', page, (request, reply) => progressFromPage(deps, request, reply));
};

async function ordersListPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const q = request.query as Record<string, unknown>;
  // No kind (or `all`, or a name the registry does not have): every kind in one table.
  const kind = ORDER_KINDS.find((k) => k.name === field(q, 'kind'));
  const filters = typedFilters(q);
  const pageNo = pageNumber(q.page);
  const { total, capped, rows } = await listOrdersPage(
    deps.pool,
    kind ? [kind] : ORDER_KINDS,
    scopeOfPage(request),
    wantedOf(filters),
    { limit: LIMIT, skip: (pageNo - 1) * LIMIT },
  );
  return sendPage(request, reply, {
    title: 'Orders',
    section: 'orders',
    body: ordersListHtml({
      kinds: ORDER_KINDS,
      kind,
      filters,
      page: pageNo,
      limit: LIMIT,
      total,
      capped,
      rows,
    }),
  });
}

/** The filter form's fields as typed (the page shows them again); a status not in the list is none. */
function typedFilters(q: Record<string, unknown>): OrdersListView['filters'] {
  const status = field(q, 'status');
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? status : '',
    from: field(q, 'from'),
    to: field(q, 'to'),
    q: field(q, 'q').slice(0, 200),
  };
}

/** The typed filters as the list's query reads them; a date that is no date filters nothing. */
function wantedOf(filters: OrdersListView['filters']): OrderFilters {
  const from = day(filters.from);
  const to = day(filters.to);
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(from ? { from } : {}),
    // "to" is the last day shown: everything before the next midnight.
    ...(to ? { to: new Date(to.getTime() + DAY_MS) } : {}),
    ...(filters.q ? { text: filters.q.toLowerCase() } : {}),
  };
}

/** The order an id names, in the page's organization and mode: 404 otherwise, as the API. */
async function findOrder(deps: AppDeps, request: FastifyRequest) {
  const { id } = request.params as { id: string };
  const kind = orderKindOfId(id);
  const order = kind && (await orderDetail(deps.pool, kind, scopeOfPage(request), id));
  if (!kind || !order) throw notFound('order', id);
  return { kind, order };
}

async function orderPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { kind, order } = await findOrder(deps, request);
  const scope = scopeOfPage(request);
  const events = await orderEvents(deps.pool, scope, order.id);
  const tracking = {
    barcode: await barcodeOf(deps.pool, scope, order.id),
    scans: await scansOf(deps.pool, order.id),
  };
  const csrf = csrfToken(reply);
  return sendPage(request, reply, {
    title: order.id,
    section: 'orders',
    body: orderHtml(kind, order, events, request.dashboard!.live, csrf, tracking),
  });
}

async function orderLivePart(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { kind, order } = await findOrder(deps, request);
  const csrf = csrfToken(reply);
  return pageHeaders(reply).send(orderLiveHtml(kind, order, request.dashboard!.live, csrf).text);
}

async function orderPdf(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { order } = await findOrder(deps, request);
  if (!order.pdfKey) throw notFound('PDF of order', order.id);
  return sendBlob(reply, deps.blobs, order.pdfKey, {
    type: 'application/pdf',
    name: `${order.id}.pdf`,
    inline: true,
  });
}

async function cancelFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { kind, order } = await findOrder(deps, request);
  await withTransaction(deps.pool, (tx) =>
    cancelOrder(
      tx,
      kind,
      scopeOfPage(request),
      order.id,
      { reason: 'user_initiated', cancelledByUser: sessionKeyId(request) },
      orderContext(deps),
    ),
  );
  flash(request, reply, `Cancelled ${order.id}.`);
  return redirect(reply, `/orders/${order.id}`);
}

async function progressFromPage(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const { kind, order } = await findOrder(deps, request);
  const moved = await withTransaction(deps.pool, (tx) =>
    progressOrder(tx, kind, scopeOfPage(request), order.id, orderContext(deps)),
  );
  flash(request, reply, `${order.id} is now ${String(moved.status).replaceAll('_', ' ')}.`);
  return redirect(reply, `/orders/${order.id}`);
}

const orderContext = (deps: AppDeps) => ({ now: deps.clock.now(), signer: deps.signer });
