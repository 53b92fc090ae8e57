import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../api/deps.js';
import { contactsPages } from './contacts/contacts.routes.js';
import { eventsPages } from './events/events.routes.js';
import { keysPages } from './keys/keys.routes.js';
import { operatorPages } from './operator/operator.routes.js';
import { orderNewPages } from './orders/order-new.routes.js';
import { ordersPages } from './orders/orders.routes.js';
import { templatesPages } from './templates/templates.routes.js';
import { verifyPages } from './verify/verify.routes.js';
import { webhooksPages } from './webhooks/webhooks.routes.js';

/**
 * The dashboard's sections, one plugin each, each in its own scope so its guard hook
 * (signed in, or operator) covers only its pages. Menu order and labels: nav.ts.
 */
export const DASHBOARD_PAGES: readonly FastifyPluginAsync<{ deps: AppDeps }>[] = [
  ordersPages,
  orderNewPages,
  contactsPages,
  templatesPages,
  webhooksPages,
  eventsPages,
  keysPages,
  verifyPages,
  operatorPages,
];
