import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import { messages } from '@paraaf/contract';
import { microsoftSimulatorPrefix, type Config } from './config/env.ts';
import { migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { impersonationLog } from './db/schema/index.ts';
import { startQueue } from './lib/queue/queue.ts';
import { registerWorkers, jobNames } from './jobs/workers.ts';
import type { Deps } from './lib/context.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import type { Storage } from './lib/storage/storage.ts';
import {
  createPaymentProvider,
  paymentsSimulatorPrefix,
  simulatorBaseUrl,
} from './lib/payments/create-payment-provider.ts';
import type { PaymentProvider } from './lib/payments/payment-provider.ts';
import { paymentsSimulator } from './lib/payments/simulator.ts';
import { PaymentsSimulatorStore } from './lib/payments/simulator-store.ts';
import { MAX_UPLOAD_BYTES } from './lib/pdf/prepare.ts';
import { registerSecurityHeaders, staticCacheControl } from './lib/security-headers.ts';
import { registerOpenApi } from './lib/openapi/register-openapi.ts';
import { registerMetrics } from './lib/metrics/register-metrics.ts';
import { requestIdMixin, requestIdOf, runWithRequestId } from './lib/request-context.ts';
import { signRequestsRoutes } from './modules/sign-requests/sign-requests.routes.ts';
import { signRequestsReadRoutes } from './modules/sign-requests/sign-requests.read.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { bulkSendsRoutes } from './modules/bulk-sends/bulk-sends.routes.ts';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes.ts';
import { sealingRoutes } from './modules/sealing/sealing.routes.ts';
import { signingRoutes } from './modules/signing/signing.routes.ts';
import { SignerLimits } from './modules/signing/signer-limits.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { embedRoutes } from './modules/embed/embed.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { sendErrorAnswer, writeClientError } from './lib/error-answer.ts';
import { serializeErrorForLog } from './lib/log-errors.ts';
import { redactUrl } from './lib/redact-url.ts';
import { guardSimulators, simulatorWarning } from './lib/simulator-access.ts';
import { addPathParamParsing } from './lib/path-params.ts';
import { KeptAnswer, registerIdempotency } from './lib/idempotency.ts';
import { bearerToken } from './modules/sessions/bearer-token.ts';
import { findSession, knownSession } from './modules/sessions/sessions.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { companySettingsRoutes } from './modules/company-settings/company-settings.routes.ts';
import { getCompany } from './modules/company-settings/company-settings.service.ts';
import { departmentsRoutes } from './modules/departments/departments.routes.ts';
import { plansRoutes } from './modules/billing/plans.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { ensurePlatformAdmin } from './modules/admin/admin.service.ts';
import { mailboxRoutes } from './modules/dev/mailbox.routes.ts';
import { oidcSimulatorRoutes } from './modules/dev/oidc-simulator.ts';
import { officeRoutes } from './modules/office/office.routes.ts';
import { ssoSettingsRoutes } from './modules/sso/sso-settings.routes.ts';
import { ssoLoginRoutes } from './modules/sso/sso-login.routes.ts';
import { scimRoutes } from './modules/sso/scim.routes.ts';
import { microsoftSimulator } from './lib/microsoft/simulator.ts';
import { MicrosoftSimulatorStore } from './lib/microsoft/simulator-store.ts';
import { officeConsentRedirectUri } from './lib/microsoft/consent-url.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { paymentsRoutes } from './modules/billing/payments.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import {
  apiKeyRateLimit,
  assertApiKeyMayCall,
  authenticateApiKey,
  isApiKeyToken,
} from './modules/api-keys/api-key-auth.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';

export interface BuildOptions {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the route-walking test). */
  onRoute?: (route: RouteOptions) => void;
  /** The payments provider; otherwise `createPaymentProvider(config)` (Mollie or the simulator). */
  payments?: PaymentProvider;
  /** The file storage; otherwise `createStorage(config)` (tests give a broken one). */
  storage?: Storage;
}

/** Builds the whole application (plugins, modules, error handler) without listening. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      mixin: requestIdMixin,
      redact: ['req.headers.authorization'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
        err: (error: Error) => serializeErrorForLog(error),
      },
      stream: options.logStream,
    },
    // Only a listed proxy's X-Forwarded-For is believed; unset, the peer is the client.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Logged as reqId, echoed as X-Request-Id, carried into the jobs (lib/request-context.ts).
    genReqId: (req) => requestIdOf(req.headers),
    // What the router refuses before any route (a path parameter too long or badly encoded) and
    // what Node's parser refuses before Fastify sees it: answered by the same handler, in Dutch.
    frameworkErrors: (error, request, reply) => void sendErrorAnswer(error, request, reply),
    clientErrorHandler: writeClientError,
  });
  // First, so it is told of every route: /metrics and the API reference's too.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runWithRequestId(request.id, done);
  });
  registerMetrics(app, config.metrics);
  // Before every route: the simulators (/dev/…, the iDIN test bank) answer loopback clients only.
  guardSimulators(app, config);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
    ));
  await migrateDatabase(database);

  const queue = await startQueue(database, jobNames, {
    pollSeconds: config.jobPollSeconds,
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
    log: app.log,
  });
  const deps: Deps = {
    config,
    db: database.db,
    queue,
    storage: options.storage ?? createStorage(config),
    payments: options.payments ?? createPaymentProvider(config),
  };
  if (config.worker === 'inline') await registerWorkers(queue, deps, app.log);

  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensurePlatformAdmin(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
      name: 'Platformbeheerder',
    });
    app.log.info({ outcome }, 'platform administrator from ADMIN_EMAIL');
  }

  // API keys' requests are counted here and added to the shared counters in batches.
  const apiKeyLimit = apiKeyRateLimit(database.db, config.limits.apiKeyPerMinute);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionUnchecked', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    if (isApiKeyToken(token)) {
      request.auth = await authenticateApiKey(database.db, token, apiKeyLimit);
      // What a key may call is declared beside each route (lib/openapi/route-doc.ts `auth`).
      if (request.auth) assertApiKeyMayCall(request.routeOptions.config.openapi);
      return;
    }
    // A route whose statement checks the session itself may start from the session as last
    // found (modules/sessions/session-guard.ts); every other route looks it up.
    if (request.routeOptions.config.sessionCheckedByQuery) {
      request.auth = knownSession(token, config.sessionTtlHours);
      request.sessionUnchecked = request.auth !== null;
    }
    request.auth ??= await findSession(database.db, token, config.sessionTtlHours);
  });
  registerIdempotency(app, database.db);
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonatorId) return;
    app.log.info(
      { userId: auth.user.id, impersonatorId: auth.impersonatorId, url: redactUrl(request.url) },
      'impersonated request',
    );
    await database.db.insert(impersonationLog).values({
      userId: auth.user.id,
      impersonatorId: auth.impersonatorId,
      method: request.method,
      path: redactUrl(request.url).slice(0, 500),
      statusCode: reply.statusCode,
      ip: request.ip,
    });
  });

  // The one error handler (lib/error-answer.ts): typed errors, schema failures, framework refusals.
  // An Idempotency-Key replay travels as a thrown KeptAnswer (lib/idempotency.ts), sent as kept.
  app.setErrorHandler((error, request, reply) =>
    error instanceof KeptAnswer ? error.send(reply) : sendErrorAnswer(error, request, reply),
  );

  registerSecurityHeaders(app, { appUrl: config.appUrl });

  // Document uploads (modules/documents): one file per request, capped; over the cap is a 422.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4000, parts: 4001, fieldSize: 65536 },
  });

  // Collects the routes registered below into GET /api/openapi.json and /api/docs.
  await registerOpenApi(app);
  app.addHook('onRoute', addPathParamParsing);
  healthRoutes(app, deps);
  contactRoutes(app, deps);
  authRoutes(app, deps);
  usersRoutes(app, deps);
  companySettingsRoutes(app, deps);
  companiesRoutes(app, deps);
  departmentsRoutes(app, deps);
  plansRoutes(app, deps, getCompany);
  adminRoutes(app, deps);
  invoicesRoutes(app, deps);
  signRequestsRoutes(app, deps);
  signRequestsReadRoutes(app, deps);
  documentsRoutes(app, deps);
  templatesRoutes(app, deps);
  bulkSendsRoutes(app, deps);
  emailTemplatesRoutes(app, deps);
  sealingRoutes(app, deps);
  // The signer endpoints' limits (per link, and per address for links that open nothing),
  // counted like the keys': one set for the signing, identity and wallet routes.
  const signerLimits = new SignerLimits(database.db);
  signingRoutes(app, deps, signerLimits);
  identityRoutes(app, deps, signerLimits);
  walletRoutes(app, deps, signerLimits);
  paymentsRoutes(app, deps);
  webhooksRoutes(app, deps);
  officeRoutes(app, deps);
  ssoSettingsRoutes(app, deps);
  ssoLoginRoutes(app, deps);
  scimRoutes(app, deps);
  apiKeysRoutes(app, deps);
  const hasSpa = config.webDist !== null && fs.existsSync(path.join(config.webDist, 'index.html'));
  embedRoutes(app, deps, {
    sendPage: (reply) =>
      hasSpa
        ? reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .sendFile('index.html')
        : reply.code(404).send({ message: messages.notFound }),
    embedScript: () => fs.promises.readFile(config.embedScript).catch(() => null),
  });
  if (!config.smtpUrl) mailboxRoutes(app, deps);
  if (config.ssoSimulator) oidcSimulatorRoutes(app, config);
  if (config.microsoft.simulated) {
    await app.register(microsoftSimulator, {
      prefix: microsoftSimulatorPrefix,
      microsoft: config.microsoft,
      redirectUri: officeConsentRedirectUri(config.appUrl),
      store: new MicrosoftSimulatorStore(),
      mail: config.mailTransport === 'graph',
    });
  }
  const warning = simulatorWarning(config);
  if (warning) app.log.warn(warning);
  // Mollie's test mode, built in: the driver talks to it at APP_URL/dev/payments/v2/.
  if (!config.mollieApiKey) {
    await app.register(paymentsSimulator, {
      prefix: paymentsSimulatorPrefix,
      store: new PaymentsSimulatorStore(database.db),
      baseUrl: simulatorBaseUrl(config.appUrl),
    });
  }

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDist!,
      wildcard: false,
      index: false,
      // The build's .br/.gz twins (apps/web/precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/dev/') ||
      request.method !== 'GET' ||
      !hasSpa
    ) {
      return reply.code(404).send({ message: messages.notFound });
    }
    // History-mode routing: every other path is the SPA.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });

  // During shutdown, answers in flight close their connection: a kept-alive socket would
  // otherwise hold the server open until its keep-alive timeout.
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await apiKeyLimit.close();
    await signerLimits.close();
    await queue.stop();
    if (!options.database) await database.close();
  });
  return app;
}
