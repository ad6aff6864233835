import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, isLoopbackHost, logOrigin } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { lazyChildLogger, loggerOptions } from './lib/logger.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/auth.routes.ts';
import { bomRoutes } from './modules/boms/boms.routes.ts';
import { calculationsRoutes } from './modules/calculations/calculations.routes.ts';
import { certificatesRoutes, publicCertificatesRoutes } from './modules/certificates/certificates.routes.ts';
import { complianceRoutes } from './modules/compliance/compliance.routes.ts';
import { componentsRoutes } from './modules/components/components.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { creditsRoutes, publicCreditsRoutes } from './modules/credits/credits.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { debugRoutes } from './modules/debug/debug.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { dispatchRoutes, publicDispatchRoutes } from './modules/dispatch/dispatch.routes.ts';
import { dispatchersRoutes } from './modules/dispatchers/dispatchers.routes.ts';
import { epcisRoutes } from './modules/epcis/epcis.routes.ts';
import { facilitiesRoutes } from './modules/facilities/facilities.routes.ts';
import { startFactsRefresh } from './modules/facts/facts.worker.ts';
import { forecastsRoutes } from './modules/forecasts/forecasts.routes.ts';
import { franchiseesRoutes } from './modules/franchisees/franchisees.routes.ts';
import { identificationRoutes } from './modules/identification/identification.routes.ts';
import { impactRoutes, publicImpactRoutes } from './modules/impact/impact.routes.ts';
import { intakeRoutes } from './modules/intake/intake.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { iotAlertsRoutes } from './modules/iot-alerts/iot-alerts.routes.ts';
import { startIotAlerts } from './modules/iot-alerts/iot-alerts.worker.ts';
import { customerLedgerRoutes } from './modules/ledger/customer-ledger.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { logRoutes } from './modules/log/log.routes.ts';
import { startDailyAudit, startSequencer } from './modules/log/sequencer.ts';
import { generateSigner, type LogSigner } from './modules/log/signer.ts';
import { logisticsRoutes } from './modules/logistics/logistics.routes.ts';
import { lotRoutes, publicLotRoutes } from './modules/lots/lots.routes.ts';
import { Mailer } from './modules/mail/mail.service.ts';
import { startMarketAlerts } from './modules/market/alerts.worker.ts';
import { marketDealsRoutes } from './modules/market/deals.routes.ts';
import { enhancedMarketRoutes } from './modules/market/enhanced.routes.ts';
import { marketListingsRoutes, publicMarketListingsRoutes } from './modules/market/listings.routes.ts';
import { marketOffersRoutes } from './modules/market/offers.routes.ts';
import { massBalanceRoutes } from './modules/mass-balance/mass-balance.routes.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { mqttSettings, startMqtt } from './modules/mqtt/mqtt.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { registerPassportResolver } from './modules/passports/passports.public.ts';
import { passportRoutes } from './modules/passports/passports.routes.ts';
import { pricesRoutes } from './modules/prices/prices.routes.ts';
import { processTypesRoutes } from './modules/process-types/process-types.routes.ts';
import { productionRoutes } from './modules/production/production.routes.ts';
import { productionLinesRoutes } from './modules/production-lines/production-lines.routes.ts';
import { DEFAULT_RETENTION_DAYS, startReadingsRetention } from './modules/readings/readings.retention.ts';
import { readingsRoutes } from './modules/readings/readings.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { startReportSchedules } from './modules/reports/reports.worker.ts';
import { startRateLimitPruning } from './modules/security/rate-limit.ts';
import { secret } from './modules/security/security.repo.ts';
import { stockCountRoutes } from './modules/stock/stock-counts.routes.ts';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { publicInvitationRoutes, teamRoutes } from './modules/team/team.routes.ts';
import { traceRoutes } from './modules/trace/trace.routes.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPermissions } from './plugins/permissions.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerWebApp } from './plugins/static.ts';
import { demoHint } from './seed/demo.ts';

export type AppOptions = {
  config: Pick<Config, 'publicUrl' | 'logLevel'> &
    // The rest of the configuration: main.ts gives all of it (the admin tools list it), tests what they use.
    Partial<Config> & {
      /**
       * Where the server listens. The demo password is served on /api/public/config only on loopback;
       * omitted means in-process use (tests, inject) with no network listener, treated as loopback.
       */
      host?: string;
    };
  db: Db;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  /** A ready pino logger (main.ts shares one with start-up code); else one is made from the config. */
  logger?: FastifyBaseLogger;
  /** The record log's key (main.ts loads it); else a new one for this app's life (tests). */
  logSigner?: LogSigner;
  /** Runs the record log's sequencer in the background (default); tests integrate when they choose. */
  logSequencer?: boolean;
  /** Refreshes the daily facts cache in the background (default); readers are exact without it. */
  factsRefresh?: boolean;
  /** Sends scheduled reports in the background (default); tests call its runDue with a given instant. */
  reportSchedules?: boolean;
  /** Sends saved-search alerts in the background (default); tests call its runAlerts with a given instant. */
  marketAlerts?: boolean;
  /** Evaluates the IoT anomaly rules in the background (default); tests call evaluateAlerts with a given instant. */
  iotAlerts?: boolean;
  /**
   * Runs MQTT ingest (the embedded broker, or the bridge to MQTT_URL) and the readings retention;
   * main.ts turns it on, tests start them when they choose (mqtt.test.ts, readings.retention.test.ts).
   */
  deviceServices?: boolean;
  /** The readings' live streams: heartbeat (and credential check) and longest life; tests shorten them. */
  readingsStream?: { heartbeatMs?: number; maxLifeMs?: number };
};

export const API_VERSION = '0.1.0';

/**
 * One log line per request, written when it completes, instead of Fastify's two carrying the whole
 * request and response: it names the route's pattern, never the URL (paths and queries can hold
 * tokens and search terms).
 */
const QUIET_ROUTES = new Set(['/api/health', '/api/ready']);

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // Load balancers poll these every few seconds: their answers are the log of nothing.
    if (!error && QUIET_ROUTES.has(req.routeOptions.url ?? '')) return;
    if (error) {
      super.requestCompleted(error, req, reply);
      return;
    }
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unknown route',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}

/** Builds the whole app without listening, so tests can inject requests or listen on a random port. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: loggerOptions(opts.config.logLevel) }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    trustProxy: opts.config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);

  registerErrorHandling(app);
  registerInputGuard(app);
  registerPermissions(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app, { publicUrl: opts.config.publicUrl, version: API_VERSION });

  const mailer = new Mailer(opts.db, app.log, opts.config.smtpUrl);
  mailer.start();
  app.addHook('onClose', () => mailer.stop());
  const stopPruning = startRateLimitPruning(opts.db, (err) =>
    app.log.warn({ err }, 'pruning rate limits failed'),
  );
  app.addHook('onClose', async () => stopPruning());
  const ctx: AppContext = { db: opts.db, mailer, publicUrl: opts.config.publicUrl };
  const signer = opts.logSigner ?? generateSigner(logOrigin(opts.config.publicUrl)).signer;
  if (opts.logSequencer !== false) {
    const stopSequencer = startSequencer(opts.db, signer, app.log);
    const stopAudit = startDailyAudit(opts.db, signer, app.log);
    app.addHook('onClose', async () => {
      await stopAudit();
      await stopSequencer();
    });
  }
  if (opts.factsRefresh !== false) {
    const stopFacts = startFactsRefresh(opts.db, app.log);
    app.addHook('onClose', async () => stopFacts());
  }
  if (opts.reportSchedules !== false) {
    const stopReports = startReportSchedules(ctx, app.log);
    app.addHook('onClose', async () => stopReports());
  }
  if (opts.marketAlerts !== false) {
    const stopAlerts = startMarketAlerts(ctx, app.log);
    app.addHook('onClose', async () => stopAlerts());
  }
  if (opts.iotAlerts !== false) {
    const stopIotAlerts = startIotAlerts(opts.db, app.log);
    app.addHook('onClose', async () => stopIotAlerts());
  }
  app.decorate('mqtt', null);
  if (opts.deviceServices) {
    const mqtt = await startMqtt(opts.db, app.log, mqttSettings(opts.config));
    if (mqtt) app.addHook('onClose', () => mqtt.close());
    app.mqtt = mqtt;
    const days = opts.config.readingsRetentionDays ?? DEFAULT_RETENTION_DAYS;
    if (days > 0) {
      const stopRetention = startReadingsRetention(opts.db, app.log, days);
      app.addHook('onClose', async () => stopRetention());
    }
  }
  const csrf = await registerCsrf(app, {
    key: () => secret(opts.db, 'csrf', () => randomBytes(32).toString('base64url')),
    secure: opts.config.publicUrl.startsWith('https:'),
  });
  // The demo password opens an admin account: reachable from the network, it is only printed at start.
  const servesDemo = opts.config.host === undefined || isLoopbackHost(opts.config.host);
  const auth = { ctx, csrf, demo: servesDemo ? () => demoHint(opts.db) : async () => null };

  // Routes anyone may call; everything else needs a session.
  await app.register(async (open) => {
    await open.register(systemRoutes, { prefix: '/api', db: opts.db, version: API_VERSION });
    await open.register(calculationsRoutes, { prefix: '/api/calculations', db: opts.db });
    await open.register(publicAuthRoutes, { prefix: '/api', ...auth });
    await open.register(publicInvitationRoutes, { prefix: '/api', ctx });
    await open.register(publicLotRoutes, { prefix: '/api', ctx });
    await open.register(publicDispatchRoutes, { prefix: '/api', ctx });
    await open.register(publicCreditsRoutes, { prefix: '/api', ctx });
    await open.register(publicMarketListingsRoutes, { prefix: '/api', ctx });
    await open.register(publicCertificatesRoutes, { prefix: '/api', ctx });
    await open.register(publicImpactRoutes, { prefix: '/api', ctx });
    await open.register(logRoutes, { prefix: '/api', db: opts.db, signer });
    await open.register(contactRoutes, { prefix: '/api', ctx, supportEmail: opts.config.supportEmail });
  });
  await app.register(sessionRoutes, { prefix: '/api', ...auth });
  await app.register(debugRoutes, { prefix: '/api', db: opts.db, config: opts.config, version: API_VERSION });
  await app.register(teamRoutes, { prefix: '/api', ctx });
  await app.register(activityRoutes, { prefix: '/api', ctx });
  await app.register(analyticsRoutes, { prefix: '/api', ctx });
  await app.register(organizationRoutes, { prefix: '/api', ctx });
  await app.register(facilitiesRoutes, { prefix: '/api', ctx });
  await app.register(productionLinesRoutes, { prefix: '/api', ctx });
  await app.register(dispatchersRoutes, { prefix: '/api', ctx });
  await app.register(suppliersRoutes, { prefix: '/api', ctx });
  await app.register(customersRoutes, { prefix: '/api', ctx });
  await app.register(franchiseesRoutes, { prefix: '/api', ctx });
  await app.register(forecastsRoutes, { prefix: '/api', ctx });
  await app.register(materialsRoutes, { prefix: '/api', ctx });
  await app.register(processTypesRoutes, { prefix: '/api', ctx });
  await app.register(pricesRoutes, { prefix: '/api', ctx });
  await app.register(componentsRoutes, { prefix: '/api', ctx });
  await app.register(bomRoutes, { prefix: '/api', ctx });
  await app.register(intakeRoutes, { prefix: '/api', ctx });
  await app.register(productionRoutes, { prefix: '/api', ctx });
  await app.register(orderRoutes, { prefix: '/api', ctx });
  await app.register(dispatchRoutes, { prefix: '/api', ctx });
  await app.register(logisticsRoutes, { prefix: '/api', ctx });
  await app.register(devicesRoutes, { prefix: '/api', ctx });
  await app.register(apiKeysRoutes, { prefix: '/api', ctx });
  await app.register(iotAlertsRoutes, { prefix: '/api', ctx });
  await app.register(lotRoutes, { prefix: '/api', ctx });
  await app.register(traceRoutes, { prefix: '/api', ctx });
  await app.register(epcisRoutes, { prefix: '/api', ctx });
  await app.register(passportRoutes, { prefix: '/api', ctx });
  await app.register(creditsRoutes, { prefix: '/api', ctx });
  await app.register(marketListingsRoutes, { prefix: '/api', ctx });
  await app.register(marketOffersRoutes, { prefix: '/api', ctx });
  await app.register(marketDealsRoutes, { prefix: '/api', ctx });
  await app.register(certificatesRoutes, { prefix: '/api', ctx });
  await app.register(impactRoutes, { prefix: '/api', ctx });
  await app.register(complianceRoutes, { prefix: '/api', ctx });
  await app.register(ledgerRoutes, { prefix: '/api', ctx });
  await app.register(customerLedgerRoutes, { prefix: '/api', ctx });
  await app.register(inventoryRoutes, { prefix: '/api', ctx });
  await app.register(stockCountRoutes, { prefix: '/api', ctx });
  await app.register(massBalanceRoutes, { prefix: '/api', ctx });
  await app.register(reportsRoutes, { prefix: '/api', ctx });
  await app.register(enhancedMarketRoutes, { prefix: '/api', ctx });
  await app.register(readingsRoutes, { prefix: '/api', ctx, streamTiming: opts.readingsStream });
  await app.register(identificationRoutes, { prefix: '/api', ctx });

  // GS1 Digital Link paths of published passports, before the web app's fallback to index.html.
  await registerPassportResolver(app, ctx);
  await registerWebApp(app, opts.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
