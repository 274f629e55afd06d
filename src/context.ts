import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { createAccountService, type AccountService } from './accounts/service.js';
import { createUserStore } from './accounts/store.js';
import { createApiKeyService, type ApiKeyService } from './auth/service.js';
import { createApiKeyStore, createAuthEpochReader } from './auth/store.js';
import { createBinderService, type BinderService } from './binders/service.js';
import { createBinderStore } from './binders/store.js';
import { createCardImporter, type CardImporter } from './cards/import.js';
import { createImportStore } from './cards/import-store.js';
import { createCardLookup } from './cards/lookup.js';
import { createCardRowCache } from './cards/row-cache.js';
import { createCardSearch, type CardSearch } from './cards/search/engine.js';
import { createCardService, type CardService } from './cards/service.js';
import { createCardStore } from './cards/store.js';
import { createCollectionService, type CollectionService } from './collection/service.js';
import { createCollectionStore } from './collection/store.js';
import { perExecutor } from './db/per-executor.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Database, type OpenOptions } from './db/database.js';
import { deploymentId } from './db/deployment.js';
import { FailoverRateLimitStore, MemoryRateLimitStore, RedisRateLimitStore, createRateLimiter, type RateLimitStore, type RateLimiter } from './http/rate-limit.js';
import { createDependencyHealth, type DependencyHealth } from './availability/health.js';
import type { Executor } from './db/schema.js';
import { createDeckService, type DeckService } from './decks/service.js';
import { createDeckStore } from './decks/store.js';
import { createNameIndexes, storedNamesOf } from './imports/batch-match.js';
import { createImportService, type ImportService } from './imports/service.js';
import { createImportPlanStore } from './imports/store.js';
import { createStatisticsRefresher } from './db/statistics.js';
import { createMetricsRegistry } from './http/metrics.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createPortalService, type PortalService } from './portal/service.js';
import { createPortalSessionStore } from './portal/store.js';
import { createPriceAlertService, type PriceAlertService } from './price-alerts/service.js';
import { createPriceAlertStore } from './price-alerts/store.js';
import { UsageRecorder } from './usage/recorder.js';
import { createUsageService, type UsageService } from './usage/service.js';
import { createUsageStore } from './usage/store.js';
import { createWebhookMetrics, type WebhookMetrics } from './webhooks/metrics.js';
import { createWebhookService, type WebhookService } from './webhooks/service.js';
import { createLogStore } from './webhooks/log-store.js';
import { createOutboxStore } from './webhooks/outbox-store.js';
import { createQueueStore } from './webhooks/queue-store.js';
import { createSubscriptionStore } from './webhooks/subscription-store.js';
import { createOAuthService, type OAuthService } from './oauth/service.js';
import { createOAuthStore, type OAuthStore } from './oauth/store.js';
import type { ExportJobDeps } from './exports/job.js';
import { createExportService, type ExportService } from './exports/service.js';
import { createDatabaseStorage, createFileStorage } from './exports/storage.js';
import { createExportStore } from './exports/store.js';
import path from 'node:path';
import { createIdempotencyService, type IdempotencyService } from './idempotency/service.js';
import { createIdempotencyStore } from './idempotency/store.js';

/** Everything a running service shares: configuration, time, storage and the services built on them. */
export interface AppContext {
  config: Config;
  clock: Clock;
  database: Database;
  usage: UsageRecorder;
  /** The usage counts as stored: the portal's reports, and their retention. */
  usageReports: UsageService;
  limiter: RateLimiter;
  rateLimitStore: RateLimitStore;
  /** Redis as this process sees it, when `CCS_REDIS_URL` is set. */
  redisHealth: DependencyHealth | undefined;
  metrics: Registry;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  /** OAuth applications and the authorizations users gave them (the protocol itself is src/oauth/provider.ts). */
  oauth: OAuthService;
  /** What the authorization server (oidc-provider, built with the HTTP app) keeps its grants and tokens in. */
  oauthStore: OAuthStore;
  cards: CardService;
  /** This process's card search index (rebuilt after imports); also filters collections by the search syntax. */
  cardSearch: CardSearch;
  priceAlerts: PriceAlertService;
  collection: CollectionService;
  binders: BinderService;
  decks: DeckService;
  /** Bulk exports: requests, listing and downloads. */
  exports: ExportService;
  /** What the export worker and expiry jobs build on (`src/service-jobs.ts`). */
  exportJobs: ExportJobDeps;
  /** Collection imports: other apps' files read, matched to cards and written through the collection service. */
  imports: ImportService;
  webhooks: WebhookService;
  webhookMetrics: WebhookMetrics;
  /** Imports Scryfall bulk files (`importCards(ctx, ...)`, `ccs cards import`, the scheduled refresh). */
  cardImporter: CardImporter;
  portal: PortalService;
  mailer: Mailer;
  /** Kept responses of writes sent with an `Idempotency-Key` (`http/idempotency.ts` uses it). */
  idempotency: IdempotencyService;
  close(): Promise<void>;
}

export interface ContextOptions {
  clock?: Clock;
  database?: Database;
  databaseOptions?: OpenOptions;
  migrate?: boolean;
}

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const clock = options.clock ?? systemClock;
  const database = options.database ?? (await openDatabase(config, options.databaseOptions));
  if (options.migrate !== false) await migrateToLatest(database);
  // Counters are namespaced by deployment (an id kept in the database): deployments sharing one
  // Redis must not share budgets keyed by client address. Naming them by schema left every
  // SQLite deployment, and every one on PostgreSQL's default schema, under one name.
  const redisHealth = config.redisUrl ? createDependencyHealth('redis') : undefined;
  const rateLimitStore: RateLimitStore =
    config.redisUrl && redisHealth
      ? redisRateLimitStore(config, config.redisUrl, redisHealth, `ccs:rl:${(await deploymentId(database)) ?? database.schema ?? 'public'}:`)
      : new MemoryRateLimitStore();
  const deps = { database, clock, config };
  const db = database.db;
  const usage = new UsageRecorder(database);
  const usageReports = createUsageService({ database, clock, store: createUsageStore, recorder: usage });
  // Each search compares the index with the cards version the lookup keeps per auth epoch (no query while the epoch stands).
  const cardSearch = createCardSearch({ database, currentVersion: () => cardLookup.version() });
  const metrics = createMetricsRegistry();
  const webhooks = createWebhookService({
    ...deps,
    stores: { subscriptions: createSubscriptionStore, log: createLogStore, queue: createQueueStore, outbox: createOutboxStore },
  });
  // A failed ANALYZE costs only plans; a line on stderr says why, as the mailer's lines do.
  const statistics = createStatisticsRefresher(database, (err) => {
    if (config.logLevel !== 'silent') process.stderr.write(`statistics refresh failed: ${err instanceof Error ? err.message : String(err)}\n`);
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log: (line) => {
      if (config.logLevel !== 'silent') process.stderr.write(`${line}\n`);
    },
  });

  // Each service gets its own store (or a factory, where it also writes inside transactions)
  // and the other features' services it uses; this is the one place that builds them.
  // One epoch reader, read at most once per event-loop turn: credentials and the cards version
  // (migrations 0016-0018) are kept for as long as it does not move.
  const epoch = createAuthEpochReader(database);
  const cardLookup = createCardLookup({ db, store: createCardStore, rows: (version) => createCardRowCache(db, version), epoch });
  const accounts = createAccountService({ clock, users: createUserStore(db) });
  const apiKeys = createApiKeyService({
    clock,
    keys: createApiKeyStore(db),
    accessTokens: createOAuthStore(db),
    database,
    store: (executor: Executor) => createApiKeyStore(executor, database.dialect),
    maxActiveKeys: config.maxApiKeys,
    epoch,
  });
  const oauth = createOAuthService({ database, clock, store: (executor) => createOAuthStore(executor, database.dialect) });
  const priceAlerts = createPriceAlertService({ database, clock, store: createPriceAlertStore, cards: cardLookup });
  const collection = createCollectionService({
    database,
    clock,
    store: perExecutor((executor: Executor) => createCollectionStore(executor, database.dialect)),
    cards: cardLookup,
    search: cardSearch,
  });
  const binders = createBinderService({ database, clock, store: createBinderStore, entries: collection });
  // Folded card names (accents, apostrophes, case) to stored ones: collection imports and decklists read names alike.
  const nameIndexes = createNameIndexes(cardLookup.refs);
  const decks = createDeckService({
    database,
    clock,
    store: createDeckStore,
    cards: cardLookup,
    heldCopies: (userId, cards) => collection.heldCopies(userId, cards),
    storedNames: async (names) => storedNamesOf(nameIndexes, (await cardLookup.version()) ?? '', names),
  });
  const exportStore = (executor: Executor) => createExportStore(executor, database.dialect);
  const exportStorage =
    config.exports.storage === 'database' ? createDatabaseStorage(() => exportStore(db)) : createFileStorage(path.join(config.dataDir, 'exports'));
  const exports = createExportService({ database, clock, config, store: exportStore, storage: exportStorage, sources: { collection, binders, decks } });
  const ctx: AppContext = {
    config,
    clock,
    database,
    usage,
    usageReports,
    limiter: createRateLimiter(rateLimitStore, config.rateLimit.windowMs),
    rateLimitStore,
    redisHealth,
    metrics,
    accounts,
    apiKeys,
    oauth,
    oauthStore: createOAuthStore(db),
    cards: createCardService({ clock, store: createCardStore(db), search: cardSearch }),
    cardSearch,
    priceAlerts,
    collection,
    binders,
    decks,
    exports,
    exportJobs: { database, clock, config, store: exportStore, storage: exportStorage, service: exports },
    imports: createImportService({
      database,
      clock,
      store: createImportPlanStore,
      cards: { ...cardLookup.refs, version: () => cardLookup.version() },
      nameIndexes,
      collection,
      binders,
      limits: { maxBytes: config.imports.maxBytes },
      statistics,
    }),
    webhooks,
    webhookMetrics: createWebhookMetrics(metrics, () => webhooks.queueStats()),
    cardImporter: createCardImporter({ database, clock, store: createImportStore, search: cardSearch, priceAlerts, statistics }),
    portal: createPortalService({
      clock,
      config,
      sessions: createPortalSessionStore(db),
      counters: rateLimitStore,
      accounts,
      apiKeys,
      usage: usageReports,
      webhooks,
      applicationNames: (ids) => oauth.names(ids),
    }),
    mailer,
    idempotency: createIdempotencyService({ database, clock, store: createIdempotencyStore, leaseMs: config.idempotencyLeaseMs }),
    async close() {
      cardSearch.stop();
      mailer.close();
      await statistics.stop();
      await usage.flush().catch(() => undefined);
      await rateLimitStore.close();
      await database.close();
    },
  };
  return ctx;
}

/**
 * The Redis client never throws at the process: its errors go to `health` (logged once per
 * outage), it reconnects by itself, and no command waits longer than `CCS_REDIS_TIMEOUT_MS`.
 */
function redisRateLimitStore(config: Config, url: string, health: DependencyHealth, prefix: string): RateLimitStore {
  const redis = new Redis(url, {
    // Commands sent before the first connect wait for it (bounded by commandTimeout); after an
    // outage the store sends nothing until the client is ready again.
    enableOfflineQueue: true,
    // The rate-limit hits of the requests one turn serves go out in one write (the turn's
    // collection versions are one read too, lib/turn-batch.ts, so nothing is lost by the
    // requests continuing together in the reply's turn).
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: config.redisTimeoutMs,
    commandTimeout: config.redisTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (err: Error) => health.failed('redis', err));
  redis.on('ready', () => health.reachable());
  return new FailoverRateLimitStore(new RedisRateLimitStore(redis, prefix, undefined, config.redisTimeoutMs), redis, config.rateLimitOnRedisError, health);
}
