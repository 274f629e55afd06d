import { clearTimeout, setTimeout } from 'node:timers';
import type { Redis } from 'ioredis';
import type { DependencyHealth } from '../availability/health.js';
import { CAUSE_DETAIL } from '../availability/causes.js';
import { Errors } from '../errors.js';
import { MAX_SHARE_WAIT_MS } from '../lib/one-in-flight.js';
import { batchSender } from '../lib/turn-batch.js';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Counts requests per key in fixed windows aligned to the epoch, so every process agrees on
 * them. A count kept in memory is answered at once, one kept elsewhere (Redis) as a promise.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, nowMs: number): number | Promise<number>;
  /**
   * Takes one hit of the window `nowMs` is in back (never below zero). The portal counts an
   * attempt before it runs, so that a burst cannot all pass one reading of the count, and gives
   * back the ones that turned out not to count (a sign-in that succeeded, a sign-up refused).
   */
  refund(key: string, windowMs: number, nowMs: number): void | Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  // Each counter remembers when its window ends: callers use different window lengths
  // (API minutes, login quarter-hours), so window numbers are not comparable across keys.
  private readonly counters = new Map<string, { window: number; count: number; endsAt: number }>();
  private nextSweep = 0;

  hit(key: string, windowMs: number, nowMs: number): number {
    if (nowMs >= this.nextSweep) this.sweep(nowMs);
    const window = Math.floor(nowMs / windowMs);
    const c = this.counters.get(key);
    if (!c || c.window !== window) {
      this.counters.set(key, { window, count: 1, endsAt: (window + 1) * windowMs });
      return 1;
    }
    c.count += 1;
    return c.count;
  }

  refund(key: string, windowMs: number, nowMs: number): void {
    const c = this.counters.get(key);
    if (c && c.window === Math.floor(nowMs / windowMs) && c.count > 0) c.count -= 1;
  }

  private sweep(nowMs: number): void {
    this.nextSweep = nowMs + 10_000;
    for (const [k, c] of this.counters) if (c.endsAt <= nowMs) this.counters.delete(k);
  }

  async close(): Promise<void> {}
}

// Every hit one turn of the event loop made, in one script call: INCRBY each counter by its
// hits and set the expiry in the call that created it, atomically, so a crash never leaves an
// immortal counter. Answers each counter's value after its hits.
const HITS_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = tonumber(ARGV[i * 2 - 1])
  local v = redis.pcall('INCRBY', key, n)
  if type(v) == 'number' then
    if v == n then redis.call('PEXPIRE', key, ARGV[i * 2]) end
    out[i] = v
  else
    out[i] = v.err
  end
end
return out`;

// One hit back, never below zero and never creating a counter (it would have no expiry).
const REFUND_SCRIPT = `
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v and v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** The commands `defineCommand` adds (sent as EVALSHA, falling back to EVAL once per connection). */
interface HitsCommand {
  ccsHits(numKeys: number, ...keysThenArgs: string[]): Promise<unknown>;
  ccsRefund(numKeys: number, key: string): Promise<unknown>;
}

interface PendingCounter {
  ttlMs: number;
  /** In the order the hits came: the i-th of n gets the count before the batch plus i + 1. */
  waiters: Array<{ resolve(count: number): void; reject(err: unknown): void }>;
}

/** `call`, or an ETIMEDOUT error once `ms` have passed (Node's own timer: a test's fake clock must not hold it). */
function withinDeadline<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Redis did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

export class RedisRateLimitStore implements RateLimitStore {
  /** Hits made this turn, by counter, sent together from the check phase (lib/turn-batch.ts). */
  private readonly batches: { current(): Map<string, PendingCounter> };

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ccs:rl:',
    maxShareWaitMs = MAX_SHARE_WAIT_MS,
    /**
     * How long a batch's call may take, from when it is sent (`CCS_REDIS_TIMEOUT_MS`). The client's
     * own command timeout does not hold for a call sent while an earlier one is timing out on a
     * silent connection: dropping that connection makes the client send it again on the next.
     */
    private readonly deadlineMs?: number,
  ) {
    redis.defineCommand('ccsHits', { lua: HITS_SCRIPT });
    redis.defineCommand('ccsRefund', { lua: REFUND_SCRIPT });
    this.batches = batchSender(() => new Map<string, PendingCounter>(), (batch) => this.send(batch), maxShareWaitMs);
  }

  /**
   * Each request still counts once and gets its own count (the hits a batch adds to a counter
   * are numbered in arrival order, as separate INCRs would number them), but N requests in one
   * turn cost one command instead of N; while a call is out, the next turns' hits gather for the
   * call sent when it settles (or after `MAX_SHARE_WAIT_MS`, whichever is first).
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const window = Math.floor(nowMs / windowMs);
    const counter = `${this.prefix}${key}:${window}`;
    const pending = this.batches.current();
    let entry = pending.get(counter);
    if (entry === undefined) {
      entry = { ttlMs: (window + 1) * windowMs - nowMs + 1000, waiters: [] };
      pending.set(counter, entry);
    }
    const waiters = entry.waiters;
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private async send(batch: Map<string, PendingCounter>): Promise<void> {
    const counters = [...batch.keys()];
    const args: string[] = [];
    for (const entry of batch.values()) args.push(String(entry.waiters.length), String(entry.ttlMs));
    let after: unknown;
    try {
      const call = (this.redis as unknown as HitsCommand).ccsHits(counters.length, ...counters, ...args);
      after = await (this.deadlineMs === undefined ? call : withinDeadline(call, this.deadlineMs));
    } catch (err) {
      for (const entry of batch.values()) for (const w of entry.waiters) w.reject(err);
      return;
    }
    const values = Array.isArray(after) ? after : [];
    let i = 0;
    for (const entry of batch.values()) {
      const last = values[i++];
      // A counter Redis could not add to (a key holding something else, no memory left) fails its own hits only, with Redis's words.
      if (typeof last !== 'number') {
        const why = typeof last === 'string' ? last : 'the rate-limit counter in Redis is not a number';
        for (const w of entry.waiters) w.reject(Object.assign(new Error(`Redis refused the rate-limit counter: ${why}`), { name: 'ReplyError' }));
        continue;
      }
      const first = last - entry.waiters.length + 1;
      for (const [j, w] of entry.waiters.entries()) w.resolve(first + j);
    }
  }

  async refund(key: string, windowMs: number, nowMs: number): Promise<void> {
    const call = (this.redis as unknown as HitsCommand).ccsRefund(1, `${this.prefix}${key}:${Math.floor(nowMs / windowMs)}`);
    await (this.deadlineMs === undefined ? call : withinDeadline(call, this.deadlineMs));
  }

  async close(): Promise<void> {
    // QUIT waits for an answer; without a connection there is nobody to answer it.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }
}

/**
 * Shared counters in Redis with a policy for when Redis does not answer (an error, a timeout,
 * no connection): `open` counts in this process's memory meanwhile (requests go on; each
 * process enforces the budget on its own), `closed` refuses with 503. Once Redis has failed,
 * nothing is sent to it until its client is connected again, so an outage costs requests no
 * waiting; shared counting resumes with the next request after that.
 */
/** How often a Redis that answers with errors is tried again. */
const ERROR_REPLY_RETRY_MS = 1_000;

export class FailoverRateLimitStore implements RateLimitStore {
  private readonly local = new MemoryRateLimitStore();
  /** Counts made in memory because Redis was unreachable (`open`). */
  localCounts = 0;
  /**
   * Redis is connected but answers errors (out of memory, a read-only replica, a failed save):
   * no reconnect will say when it is well again, so one request tries it again from this time on
   * (`performance.now()`), while the others go on per the policy.
   */
  private retryAt: number | undefined;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly redis: Pick<Redis, 'status' | 'disconnect'>,
    private readonly policy: 'open' | 'closed',
    readonly health: DependencyHealth,
    private readonly now: () => number = () => performance.now(),
  ) {}

  hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    return this.count((store) => store.hit(key, windowMs, nowMs));
  }

  /** Given back where the hit was probably counted; not a count itself, so `localCounts` does not move. */
  async refund(key: string, windowMs: number, nowMs: number): Promise<void> {
    await this.use((store) => store.refund(key, windowMs, nowMs), false);
  }

  private count(op: (store: RateLimitStore) => number | Promise<number>): Promise<number> {
    return this.use(op, true);
  }

  /** `op` on Redis while it answers, else per the policy on this process's memory (`counted`: it adds a hit there). */
  private async use<T>(op: (store: RateLimitStore) => T | Promise<T>, counted: boolean): Promise<T> {
    const probing = !this.health.up && this.retryAt !== undefined && this.now() >= this.retryAt;
    if (this.health.up || probing) {
      // The next try of an erring Redis is this one's: the requests meanwhile go on per the policy.
      if (probing) this.retryAt = this.now() + ERROR_REPLY_RETRY_MS;
      try {
        const result = await op(this.shared);
        if (probing) {
          this.retryAt = undefined;
          this.health.reachable();
        }
        return result;
      } catch (err) {
        this.health.failed('redis', err);
        if ((err as { name?: unknown }).name === 'ReplyError') {
          // It answered: a reconnect would come back at once and call it well, every request.
          this.retryAt = this.now() + ERROR_REPLY_RETRY_MS;
        } else if (this.redis.status === 'ready') {
          // A command that timed out on a live socket means a peer that went silent: reconnect,
          // so the client's `ready` tells us when it answers again.
          this.retryAt = undefined;
          this.redis.disconnect(true);
        }
      }
    }
    if (this.policy === 'closed') throw Errors.unavailable(CAUSE_DETAIL.redis, 'redis');
    if (counted) this.localCounts += 1;
    return op(this.local);
  }

  async close(): Promise<void> {
    await this.shared.close();
  }
}

export function createRateLimiter(store: RateLimitStore, windowMs: number) {
  return {
    /** The decision at once where the count is in memory; a promise of it where the count is shared (Redis). */
    check(key: string, limit: number, nowMs: number): RateLimitDecision | Promise<RateLimitDecision> {
      const decide = (count: number): RateLimitDecision => {
        const windowEnd = (Math.floor(nowMs / windowMs) + 1) * windowMs;
        return {
          limit,
          remaining: Math.max(0, limit - count),
          resetSeconds: Math.max(1, Math.ceil((windowEnd - nowMs) / 1000)),
          allowed: count <= limit,
        };
      };
      const count = store.hit(key, windowMs, nowMs);
      return typeof count === 'number' ? decide(count) : count.then(decide);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
