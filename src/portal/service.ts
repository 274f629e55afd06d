import { createHash, randomBytes } from 'node:crypto';
import type { AccountService, Profile } from '../accounts/service.js';
import type { ApiKeyService } from '../auth/service.js';
import type { Config } from '../config.js';
import { AppError, Errors, fieldError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { UsageService } from '../usage/service.js';
import { disabledNotice } from '../webhooks/notice.js';
import type { WebhookSubscription } from '../webhooks/schemas.js';
import type { WebhookService } from '../webhooks/service.js';
import type { PortalDelivery, PortalDeliveryQuery, StatusCounts, UsageQuery, UsageReport } from './schemas.js';
import type { PortalSessionStore } from './store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A session ends after a week without use, and a month after sign-in whatever happens. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_MAX_MS = 30 * DAY;
// Sliding the expiry costs a write; once an hour per session is plenty.
const SESSION_REFRESH_MS = HOUR;

/**
 * Password guessing: failed sign-ins are counted per account and per client address in
 * fixed 15-minute windows in the shared rate-limit store (Redis when configured, so every
 * process sees the same counts). The address budget is larger because offices and mobile
 * carriers put many people behind one address.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_IP = 50;

/** Sign-up hashes a password (deliberately slow) and creates an account: capped per client address (CCS_SIGNUP_PER_HOUR). */
export const SIGNUP_WINDOW_MS = 60 * 60_000;

const MAX_SPAN = { hour: 31 * DAY, day: 366 * DAY } as const;
const DEFAULT_SPAN = { hour: DAY, day: 30 * DAY } as const;

/**
 * Fixed-window counters every process shares: the rate limiter's store (Redis when
 * configured), which the portal uses to count sign-ups and failed sign-ins.
 */
export interface WindowCounters {
  hit(key: string, windowMs: number, nowMs: number): number | Promise<number>;
  /** Takes one hit back (an attempt that turned out not to count). */
  refund(key: string, windowMs: number, nowMs: number): void | Promise<void>;
}

export interface PortalDeps {
  clock: Clock;
  config: Pick<Config, 'signup' | 'signupPerHour' | 'publicUrl' | 'usageFlushMs'>;
  sessions: PortalSessionStore;
  counters: WindowCounters;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  usage: UsageService;
  webhooks: WebhookService;
  /** Names of OAuth applications by client id (for usage reports and webhook lists). */
  applicationNames(clientIds: readonly string[]): Promise<Map<string, string>>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface OpenedSession {
  /** The cookie value; never stored. */
  token: string;
  expiresAt: string;
  profile: Profile;
}

export interface ResolvedSession {
  id: string;
  userId: string;
  expiresAt: string;
  profile: Profile;
  /** True when the expiry moved, so the cookie must be sent again. */
  renewed: boolean;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Seconds until the fixed window holding `nowMs` ends. */
function isWrongCurrentPassword(err: unknown): boolean {
  return err instanceof AppError && (err.extra as { errors?: Array<{ field?: string }> } | undefined)?.errors?.some((e) => e.field === 'current_password') === true;
}

function secondsLeftInWindow(windowMs: number, nowMs: number): number {
  const windowEnd = (Math.floor(nowMs / windowMs) + 1) * windowMs;
  return Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
}

type Tally = { requests: number; errors: number; error_rate: number; by_status: StatusCounts };

function emptyCounts(): StatusCounts {
  return { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
}

function isStatusClass(value: string): value is keyof StatusCounts {
  return value === '1xx' || value === '2xx' || value === '3xx' || value === '4xx' || value === '5xx';
}

function tally(counts: StatusCounts): Tally {
  const requests = counts['1xx'] + counts['2xx'] + counts['3xx'] + counts['4xx'] + counts['5xx'];
  const errors = counts['4xx'] + counts['5xx'];
  return { requests, errors, error_rate: requests === 0 ? 0 : errors / requests, by_status: counts };
}

/** Sums rows of (dimension, status class, count) into one StatusCounts per dimension value. */
function group(rows: Array<{ dim: string; status_class: string; count: number }>, keyOf: (dim: string) => string): Map<string, StatusCounts> {
  const out = new Map<string, StatusCounts>();
  for (const r of rows) {
    if (!isStatusClass(r.status_class)) continue;
    const k = keyOf(r.dim);
    let c = out.get(k);
    if (!c) {
      c = emptyCounts();
      out.set(k, c);
    }
    c[r.status_class] += r.count;
  }
  return out;
}

function floorTo(ms: number, granularity: 'hour' | 'day'): number {
  const step = granularity === 'hour' ? HOUR : DAY;
  return Math.floor(ms / step) * step;
}

export function createPortalService(deps: PortalDeps) {
  const { sessions, counters: store } = deps;

  /** Gives hits back; a counter store that is down keeps them (an attempt over-counted, never under). */
  async function giveBack(keys: readonly string[], windowMs: number, nowMs: number): Promise<void> {
    await Promise.all(keys.map(async (key) => store.refund(key, windowMs, nowMs))).catch(() => undefined);
  }

  async function openSession(profile: Profile, client: ClientInfo): Promise<OpenedSession> {
    const now = deps.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS).toISOString();
    // Expired rows are useless; clearing them here keeps the table small without a job.
    await sessions.deleteExpired(now.toISOString());
    await sessions.insert({
      id: newId(),
      user_id: profile.id,
      token_hash: hashSessionToken(token),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt, profile };
  }

  return {
    signupEnabled(): boolean {
      return deps.config.signup;
    },

    async signUp(input: { username: string; email: string; password: string }, client: ClientInfo): Promise<OpenedSession> {
      if (!deps.config.signup) throw Errors.signupDisabled();
      const nowMs = deps.clock.now().getTime();
      const ipKey = `portal-signup:ip:${client.ip}`;
      // Counted before the account is made, so a burst of sign-ups cannot all pass one reading of
      // the count; given back unless an account was made, so a form with a typo uses up nothing.
      const refund = () => giveBack([ipKey], SIGNUP_WINDOW_MS, nowMs);
      if ((await store.hit(ipKey, SIGNUP_WINDOW_MS, nowMs)) > deps.config.signupPerHour) {
        await refund();
        throw Errors.tooManySignUps(secondsLeftInWindow(SIGNUP_WINDOW_MS, nowMs));
      }
      let profile: Profile;
      try {
        profile = await deps.accounts.createUser(input);
      } catch (err) {
        await refund();
        throw err;
      }
      return openSession(profile, client);
    },

    async signIn(login: string, password: string, client: ClientInfo): Promise<OpenedSession> {
      const nowMs = deps.clock.now().getTime();
      const known = await deps.accounts.findByLogin(login.trim());
      // Keyed by the account when it exists, so its username and e-mail share one budget.
      const accountKey = `portal-login:account:${known ? known.id : login.trim().toLowerCase()}`;
      const ipKey = `portal-login:ip:${client.ip}`;
      // Every attempt is counted as a failure before its password is checked, and given back if it
      // was not one: read-then-count let a burst of guesses all pass the same reading.
      const [accountFailures, ipFailures] = await Promise.all([store.hit(accountKey, LOGIN_WINDOW_MS, nowMs), store.hit(ipKey, LOGIN_WINDOW_MS, nowMs)]);
      let failed = false;
      try {
        if (accountFailures > LOGIN_MAX_FAILURES_PER_ACCOUNT || ipFailures > LOGIN_MAX_FAILURES_PER_IP) {
          // Refused before the password is checked, so a blocked guess learns nothing.
          throw Errors.tooManySignIns(secondsLeftInWindow(LOGIN_WINDOW_MS, nowMs));
        }
        const profile = await deps.accounts.verifyCredentials(login.trim(), password);
        if (!profile) {
          failed = true;
          throw Errors.invalidCredentials();
        }
        return await openSession(profile, client);
      } finally {
        if (!failed) await giveBack([accountKey, ipKey], LOGIN_WINDOW_MS, nowMs);
      }
    },

    async signOut(token: string): Promise<void> {
      await sessions.deleteByHash(hashSessionToken(token));
    },

    /** The session a cookie names, when it exists and has not expired; slides its expiry. */
    async resolve(token: string): Promise<ResolvedSession | undefined> {
      if (token.length < 20 || token.length > 100) return undefined;
      const now = deps.clock.now();
      const row = await sessions.findActive(hashSessionToken(token), now.toISOString());
      if (!row) return undefined;
      let expiresAt = row.expires_at;
      let renewed = false;
      if (now.getTime() - new Date(row.last_seen_at).getTime() >= SESSION_REFRESH_MS) {
        const cap = new Date(row.created_at).getTime() + SESSION_MAX_MS;
        expiresAt = new Date(Math.min(cap, now.getTime() + SESSION_IDLE_MS)).toISOString();
        await sessions.touch(row.id, now.toISOString(), expiresAt);
        renewed = true;
      }
      return {
        id: row.id,
        userId: row.user_id,
        expiresAt,
        renewed,
        profile: { id: row.user_id, username: row.username, email: row.email, plan: row.plan },
      };
    },

    /**
     * Changes the password and signs out every other browser of the account. A wrong current
     * password counts as a failed sign-in of the account, refused past the same limit before it
     * is checked: a session (a stolen cookie, a shared machine) must not guess the password it
     * would then change without limit.
     */
    async changePassword(session: { id: string; userId: string }, current: string, next: string): Promise<void> {
      const nowMs = deps.clock.now().getTime();
      const accountKey = `portal-login:account:${session.userId}`;
      const failures = await store.hit(accountKey, LOGIN_WINDOW_MS, nowMs);
      let failed = false;
      try {
        if (failures > LOGIN_MAX_FAILURES_PER_ACCOUNT) throw Errors.tooManySignIns(secondsLeftInWindow(LOGIN_WINDOW_MS, nowMs));
        await deps.accounts.changePassword(session.userId, current, next).catch((err: unknown) => {
          failed = isWrongCurrentPassword(err);
          throw err;
        });
      } finally {
        if (!failed) await giveBack([accountKey], LOGIN_WINDOW_MS, nowMs);
      }
      await sessions.deleteOthers(session.userId, session.id);
    },

    /**
     * Subscriptions as the portal shows them: with the auto-disable e-mail's words when disabled,
     * and the name of the OAuth application that created them.
     */
    async withExtras<T extends WebhookSubscription>(
      subs: T[],
    ): Promise<Array<T & { disabled_notice: { subject: string; text: string } | null; application_name: string | null }>> {
      const ids = subs.map((s) => s.application_id).filter((id): id is string => id !== null);
      const names = ids.length ? await deps.applicationNames(ids) : new Map<string, string>();
      return subs.map((sub) => ({
        ...sub,
        disabled_notice: sub.status === 'disabled' ? disabledNotice(sub, deps.config.publicUrl) : null,
        application_name: sub.application_id ? (names.get(sub.application_id) ?? null) : null,
      }));
    },

    async withExtra<T extends WebhookSubscription>(sub: T) {
      const [withExtras] = await this.withExtras([sub]);
      if (!withExtras) throw new Error('withExtras answered no subscription for one');
      return withExtras;
    },

    async listWebhooks(userId: string): Promise<WebhookSubscription[]> {
      const out: WebhookSubscription[] = [];
      let cursor: string | undefined;
      do {
        const page = await deps.webhooks.list(userId, { limit: 200, cursor });
        out.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return out;
    },

    /** The delivery log, newest first, filtered by status and event type (each delivery lists its types). */
    async deliveries(userId: string, subscriptionId: string, q: PortalDeliveryQuery): Promise<{ items: PortalDelivery[]; total: number | null; nextCursor: string | null }> {
      const page = await deps.webhooks.listDeliveries(userId, subscriptionId, {
        status: q.status,
        eventType: q.event_type || undefined,
        limit: q.limit ?? 50,
        cursor: q.cursor,
      });
      return { items: page.items, total: page.total, nextCursor: page.nextCursor };
    },

    async delivery(userId: string, subscriptionId: string, deliveryId: string) {
      return deps.webhooks.getDelivery(userId, subscriptionId, deliveryId);
    },

    async usage(userId: string, query: UsageQuery): Promise<UsageReport> {
      const granularity = query.granularity ?? 'hour';
      const nowMs = deps.clock.now().getTime();
      const toMs = query.to ? Date.parse(query.to) : nowMs;
      const fromMs = query.from ? Date.parse(query.from) : toMs - DEFAULT_SPAN[granularity];
      if (!(fromMs < toMs)) throw fieldError('from', 'invalid_range', 'must be before "to"');
      if (toMs - fromMs > MAX_SPAN[granularity]) {
        throw fieldError('from', 'range_too_long', `spans more than ${MAX_SPAN[granularity] / DAY} days; use day buckets or a shorter range`);
      }
      const keys = await deps.apiKeys.list(userId);
      if (query.key_id && !keys.some((k) => k.id === query.key_id)) throw Errors.notFound('API key');

      const { byHour, byRoute, byKey, byApp } = await deps.usage.sums({
        userId,
        fromHour: new Date(floorTo(fromMs, 'hour')).toISOString(),
        // `to` is exclusive: a report to midnight ends with the day before, not with that night's first hour.
        toHour: new Date(floorTo(toMs - 1, 'hour')).toISOString(),
        keyId: query.key_id,
        applicationId: query.application_id,
      });
      const appNames = await deps.applicationNames(byApp.map((r) => r.dim));

      const bucketOf = (hour: string) => new Date(floorTo(Date.parse(hour), granularity)).toISOString();
      const perBucket = group(byHour, bucketOf);
      const step = granularity === 'hour' ? HOUR : DAY;
      const series: UsageReport['series'] = [];
      for (let t = floorTo(fromMs, granularity); t < toMs; t += step) {
        const start = new Date(t).toISOString();
        series.push({ start, ...tally(perBucket.get(start) ?? emptyCounts()) });
      }

      const all = emptyCounts();
      for (const c of perBucket.values()) for (const k of Object.keys(all) as Array<keyof StatusCounts>) all[k] += c[k];

      const routes = [...group(byRoute, (d) => d).entries()]
        .map(([route, c]) => ({ route, ...tally(c) }))
        .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));

      const byId = new Map(keys.map((k) => [k.id, k]));
      const keyRows = [...group(byKey, (d) => d).entries()]
        .map(([keyId, c]) => {
          const k = byId.get(keyId);
          return { key_id: keyId, name: k?.name ?? null, prefix: k?.prefix ?? null, status: k?.status ?? null, ...tally(c) };
        })
        .sort((a, b) => b.requests - a.requests);

      const appRows = [...group(byApp, (d) => d).entries()]
        .map(([applicationId, c]) => ({ application_id: applicationId, name: appNames.get(applicationId) ?? null, ...tally(c) }))
        .sort((a, b) => b.requests - a.requests);

      return {
        granularity,
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        key_id: query.key_id ?? null,
        application_id: query.application_id ?? null,
        totals: tally(all),
        series,
        routes,
        keys: keyRows,
        applications: appRows,
        flush_interval_ms: deps.config.usageFlushMs,
      };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
