import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { createAccountService, type AccountService } from './accounts/service.js';
import { createApiKeyService, type ApiKeyService } from './auth/service.js';
import { createCardService, type CardService } from './cards/service.js';
import { createCardSearch, type CardSearch } from './cards/search/engine.js';
import { createPriceAlertService, type PriceAlertService } from './price-alerts/service.js';
import { createCollectionService, type CollectionService } from './collection/service.js';
import { createBinderService, type BinderService } from './binders/service.js';
import { createDeckService, type DeckService } from './decks/service.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Database, type OpenOptions } from './db/database.js';
import { FailoverRateLimitStore, MemoryRateLimitStore, RedisRateLimitStore, createRateLimiter, type RateLimitStore, type RateLimiter } from './http/rate-limit.js';
import { createDependencyHealth, type DependencyHealth } from './availability/health.js';
import { createMetricsRegistry } from './http/metrics.js';
import { systemClock, type Clock } from './lib/clock.js';
import { UsageRecorder } from './usage/recorder.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createWebhookMetrics, type WebhookMetrics } from './webhooks/metrics.js';
import { createWebhookService, type WebhookService } from './webhooks/service.js';
import { createOAuthService, type OAuthService } from './oauth/service.js';
import { createOAuthStore } from './oauth/store.js';

/** Everything a running service shares: configuration, time, storage and the services built on them. */
export interface AppContext {
  config: Config;
  clock: Clock;
  database: Database;
  usage: UsageRecorder;
  limiter: RateLimiter;
  rateLimitStore: RateLimitStore;
  /** Redis as this process sees it, when `CCS_REDIS_URL` is set. */
  redisHealth: DependencyHealth | undefined;
  metrics: Registry;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  /** OAuth applications and the authorizations users gave them (the protocol itself is src/oauth/provider.ts). */
  oauth: OAuthService;
  cards: CardService;
  /** This process's card search index (rebuilt after imports); also filters collections by the search syntax. */
  cardSearch: CardSearch;
  priceAlerts: PriceAlertService;
  collection: CollectionService;
  binders: BinderService;
  decks: DeckService;
  webhooks: WebhookService;
  webhookMetrics: WebhookMetrics;
  mailer: Mailer;
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
  // Counters are namespaced by schema: services on one Redis but separate PostgreSQL
  // schemas are separate deployments, and must not share budgets keyed by client address.
  const redisHealth = config.redisUrl ? createDependencyHealth('redis') : undefined;
  const rateLimitStore: RateLimitStore = config.redisUrl && redisHealth ? redisRateLimitStore(config, config.redisUrl, redisHealth, `ccs:rl:${database.schema ?? 'public'}:`) : new MemoryRateLimitStore();
  const deps = { database, clock, config };
  const usage = new UsageRecorder(database);
  const cardSearch = createCardSearch({ database });
  const metrics = createMetricsRegistry();
  const webhooks = createWebhookService(deps);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom,
    log: (line) => {
      if (config.logLevel !== 'silent') process.stderr.write(`${line}\n`);
    },
  });
  const ctx: AppContext = {
    config,
    clock,
    database,
    usage,
    limiter: createRateLimiter(rateLimitStore, config.rateLimit.windowMs),
    rateLimitStore,
    redisHealth,
    metrics,
    accounts: createAccountService(deps),
    apiKeys: createApiKeyService({ ...deps, accessTokens: createOAuthStore(database.db) }),
    oauth: createOAuthService(deps),
    cards: createCardService({ ...deps, search: cardSearch }),
    cardSearch,
    priceAlerts: createPriceAlertService(deps),
    collection: createCollectionService({ ...deps, search: cardSearch }),
    binders: createBinderService(deps),
    decks: createDeckService(deps),
    webhooks,
    webhookMetrics: createWebhookMetrics(metrics, () => webhooks.queueStats()),
    mailer,
    async close() {
      mailer.close();
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
    maxRetriesPerRequest: 1,
    connectTimeout: config.redisTimeoutMs,
    commandTimeout: config.redisTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (err: Error) => health.failed('redis', err));
  redis.on('ready', () => health.reachable());
  return new FailoverRateLimitStore(new RedisRateLimitStore(redis, prefix), redis, config.rateLimitOnRedisError, health);
}
