import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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
import { installDashboard } from './dashboard/dashboard.js';
import type { Product } from './platform/auth/api-key.js';
import { type AuthContext, createAuthenticator } from './platform/auth/authenticate.js';
import { installBodyParsers } from './platform/body-parsers.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/error-handler.js';
import { installInputChecks } from './platform/input-check.js';
import { buildSerializer, installJsonbOrder } from './platform/jsonb-order.js';
import { installMetrics } from './platform/metrics.js';
import { createRateLimiter } from './platform/rate-limit.js';
import { AJV_OPTIONS } from './platform/request-schema.js';
import { withoutTrailingSlash } from './platform/route-helpers.js';

/** Builds the HTTP app without listening: main.ts listens, tests listen on port 0. */
export async function buildApp(deps: AppDeps, logger?: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger | undefined,
    // Per-request lines are off (they cost ~10% throughput); request-scoped logs still carry reqId.
    logController: new LogController({ disableRequestLogging: !deps.config.logRequests }),
    bodyLimit: deps.config.bodyLimitBytes,
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(deps.config.headersTimeoutMs, deps.config.requestTimeoutMs),
      // How often Node looks for requests over time: the timeouts' precision (default 30 s).
      connectionsCheckingInterval: Math.min(1_000, deps.config.headersTimeoutMs),
    },
    trustProxy: deps.config.trustProxy,
    rewriteUrl: (req) => withoutTrailingSlash(req.url ?? '/'),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID(),
    // What the router and Node's HTTP parser refuse answers in the API's error shapes too.
    frameworkErrors,
    clientErrorHandler,
    ajv: {
      customOptions: { ...AJV_OPTIONS },
    },
    // Print & mail answers in the key order stored resources are read back in (jsonb-order.ts).
    schemaController: { compilersFactory: { buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  installErrorHandling(app);
  installJsonbOrder(app);
  await installBodyParsers(app, deps.config.bodyLimitBytes);
  installInputChecks(app);
  await installApiDocs(app);
  installMetrics(app);
  installHealth(app, deps.pool);
  installSignedFiles(app, deps);
  installTrackerLinks(app, deps);
  installTemplateEditor(app, deps);
  await installDashboard(app, deps);
  // Callback-style hooks: no promise per request on the hot path.
  const foreground = deps.foreground;
  app.addHook('onRequest', (request, reply, done) => {
    foreground?.requestStarted();
    reply.header('x-request-id', request.id);
    done();
  });

  const authenticate = createAuthenticator(deps.pool);
  const takeToken = createRateLimiter(deps.pool, deps.config.rateLimitPerSecond, deps.config.rateLimitBurst);
  // Callback-style: a cached key with tokens in hand goes on without creating a promise.
  const guard =
    (product: Product) => (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
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

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard('print-mail'));
      await scope.register(printMailRoutes, { deps });
    },
    { prefix: '/print-mail/v1' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard('addver'));
      await scope.register(addverRoutes, { deps });
    },
    { prefix: '/v1/addver' },
  );
  // International verification: address-verification keys, its own lookup allowance.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard('addver'));
      await scope.register(intlAddverRoutes, { deps });
    },
    { prefix: '/v1/intl_addver' },
  );
  // Bulk verification of uploaded CSV files: address-verification keys.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard('addver'));
      await scope.register(addverListsRoutes, { deps });
    },
    { prefix: '/v1/addver_lists' },
  );
  // The mail room's API: an operator token, never a customer's key (api/operator/operator-auth.ts).
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', operatorGuard(deps.config.operatorToken));
      await scope.register(operatorRoutes, { deps });
    },
    { prefix: '/operator/v1' },
  );
  // USPS IV-MTR pushes scan records here (HTTP Basic from POSTROOM_IVMTR_PUSH_*: docs/mail-tracking.md).
  await app.register(ivmtrPushRoutes, { deps, prefix: '/ivmtr/v1' });
  return app;
}
