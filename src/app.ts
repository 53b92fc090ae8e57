import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
  LogController,
} from 'fastify';
import type { Logger } from 'pino';
import { addverRoutes } from './api/addver/routes.js';
import { addverListsRoutes } from './api/addver-lists/addver-lists.routes.js';
import type { AppDeps } from './api/deps.js';
import { installApiDocs } from './api/docs.js';
import { installHealth } from './api/health.js';
import { intlAddverRoutes } from './api/intl-addver/routes.js';
import { ivmtrPushRoutes } from './api/operator/ivmtr-push.routes.js';
import { operatorRoutes } from './api/operator/operator.routes.js';
import { operatorGuard } from './api/operator/operator-auth.js';
import { printMailRoutes } from './api/print-mail/routes.js';
import { installTemplateEditor } from './api/print-mail/template-editor-sessions/page/editor-page.routes.js';
import { installTrackerLinks } from './api/print-mail/trackers/tracker-link.routes.js';
import { installSignedFiles } from './api/signed-files.js';
import type { Config } from './config/config.js';
import { installDashboard } from './dashboard/dashboard.js';
import type { Product } from './platform/auth/api-key.js';
import { type AuthContext, createAuthenticator } from './platform/auth/authenticate.js';
import { installBodyParsers } from './platform/body-parsers.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/error-handler.js';
import type { ForegroundLoad } from './platform/foreground-load.js';
import { installInputChecks } from './platform/input-check.js';
import { buildSerializer, installJsonbOrder } from './platform/jsonb-order.js';
import { installMetrics } from './platform/metrics.js';
import { createRateLimiter } from './platform/rate-limit.js';
import { AJV_OPTIONS } from './platform/request-schema.js';
import { buildValidator } from './platform/route-compilers.js';
import { withoutTrailingSlash } from './platform/route-helpers.js';

/** A request's guard, run on each request of the scope it is added to, before the route. */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Builds the HTTP app without listening: main.ts listens, tests listen on port 0. */
export async function buildApp(deps: AppDeps, logger?: Logger): Promise<FastifyInstance> {
  const app = createFastify(deps.config, logger);
  await installPlatform(app, deps);
  await installKeylessRoutes(app, deps);
  countRequests(app, deps.foreground);
  await installApis(app, deps);
  return app;
}

function createFastify(config: Config, logger: Logger | undefined): FastifyInstance {
  return Fastify({
    loggerInstance: logger as FastifyBaseLogger | undefined,
    // Per-request lines are off (they cost ~10% throughput); request-scoped logs still carry reqId.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      // How often Node looks for requests over time: the timeouts' precision (default 30 s).
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    trustProxy: config.trustProxy,
    rewriteUrl: (req) => withoutTrailingSlash(req.url ?? '/'),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID(),
    // What the router and Node's HTTP parser refuse answers in the API's error shapes too.
    frameworkErrors,
    clientErrorHandler,
    ajv: {
      customOptions: { ...AJV_OPTIONS },
    },
    // Print & mail answers in the key order stored resources are read back in (jsonb-order.ts);
    // every route's schemas compiled on its first use (route-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer, buildValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;
}

/** What every route shares: error shapes, serialization, body parsing, input checks, docs, probes. */
async function installPlatform(app: FastifyInstance, deps: AppDeps): Promise<void> {
  installErrorHandling(app);
  installJsonbOrder(app);
  await installBodyParsers(app, deps.config.bodyLimitBytes);
  installInputChecks(app);
  await installApiDocs(app);
  installMetrics(app);
  installHealth(app, deps.pool);
}

/** The routes without an API key: signed links, tracker links, the template editor, the dashboard. */
async function installKeylessRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  installSignedFiles(app, deps);
  installTrackerLinks(app, deps);
  installTemplateEditor(app, deps);
  await installDashboard(app, deps);
}

/** Callback-style hook: no promise per request on the hot path. */
function countRequests(app: FastifyInstance, foreground: ForegroundLoad | undefined): void {
  app.addHook('onRequest', (request, reply, done) => {
    foreground?.requestStarted();
    reply.header('x-request-id', request.id);
    done();
  });
}

/** The APIs, each under its prefix behind the guard its callers pass. */
async function installApis(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const keyGuard = apiKeyGuard(deps);
  await mount(app, '/print-mail/v1', keyGuard('print-mail'), printMailRoutes, deps);
  await mount(app, '/v1/addver', keyGuard('addver'), addverRoutes, deps);
  // International verification: address-verification keys, its own lookup allowance.
  await mount(app, '/v1/intl_addver', keyGuard('addver'), intlAddverRoutes, deps);
  // Bulk verification of uploaded CSV files: address-verification keys.
  await mount(app, '/v1/addver_lists', keyGuard('addver'), addverListsRoutes, deps);
  // The mail room's API: an operator token, never a customer's key (api/operator/operator-auth.ts).
  await mount(app, '/operator/v1', operatorGuard(deps.config.operatorToken), operatorRoutes, deps);
  // USPS IV-MTR pushes scan records here (HTTP Basic from POSTROOM_IVMTR_PUSH_*: docs/mail-tracking.md).
  await app.register(ivmtrPushRoutes, { deps, prefix: '/ivmtr/v1' });
}

async function mount(
  app: FastifyInstance,
  prefix: string,
  guard: Guard,
  routes: FastifyPluginAsyncTypebox<{ deps: AppDeps }>,
  deps: AppDeps,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard);
      await scope.register(routes, { deps });
    },
    { prefix },
  );
}

/**
 * A product's guard: the key authenticated, then a rate-limit token taken. Callback-style: a
 * cached key with tokens in hand goes on without creating a promise.
 */
function apiKeyGuard(deps: AppDeps): (product: Product) => Guard {
  const authenticate = createAuthenticator(deps.pool);
  const takeToken = createRateLimiter(deps.pool, deps.config.rateLimitPerSecond, deps.config.rateLimitBurst);
  return (product) => (request, _reply, done) => {
    const admitted = (auth: AuthContext) => {
      request.auth = auth;
      return takeToken(auth.keyId);
    };
    try {
      const auth = authenticate(request, product);
      if (!(auth instanceof Promise)) {
        const leasing = admitted(auth);
        if (leasing) return void leasing.then(() => done(), done);
        return done();
      }
      auth.then(admitted).then(() => done(), done);
    } catch (err) {
      done(err as Error);
    }
  };
}
