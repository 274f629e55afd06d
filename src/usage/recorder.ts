import type { Database } from '../db/database.js';
import { writeTransaction } from '../db/transaction.js';
import { createUsageStore, type UsageBucket } from './store.js';

/** The caller a request is counted for (a Principal has all of these). */
export interface UsageCredential {
  credentialId: string;
  credentialType: 'api_key' | 'oauth';
  userId: string;
  applicationId: string | null;
}

/**
 * Per-credential request counts by hour, route and status class. Requests only
 * touch memory; `flush()` (on a timer and at shutdown) adds the sums to the
 * database, so a busy API never pays a database write per request. An OAuth
 * token's requests count under its grant and carry the application, so the
 * portal can show usage per application; "last used" goes to the key or grant.
 */
const HOUR_MS = 3_600_000;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The buckets in the order of `api_usage`'s unique key (key, hour, route, status class): every
 * process's flush then locks the rows it adds to in one order, so two flushes of overlapping
 * rows wait for each other instead of deadlocking (seen between API processes on PostgreSQL,
 * most likely at the top of the hour, when every process inserts new rows).
 */
export function inLockOrder(buckets: readonly UsageBucket[]): UsageBucket[] {
  return [...buckets].sort((a, b) => byText(a.keyId, b.keyId) || byText(a.hour, b.hour) || byText(a.route, b.route) || byText(a.statusClass, b.statusClass));
}

export class UsageRecorder {
  /**
   * Counts by hour, credential, route and status class, as nested maps: a request adds to a
   * counter it finds without building a key string (this runs on every request).
   */
  private buckets = new Map<string, Map<string, Map<string, Array<UsageBucket | undefined>>>>();
  /**
   * Last use (epoch ms) per API key and per OAuth grant, by id; formatted at flush. Two maps
   * rather than one keyed by a prefixed id: the id is the principal's own string, whose hash V8
   * keeps, where a concatenated key would be a new string to flatten and hash on every request.
   */
  private keysUsed = new Map<string, number>();
  private grantsUsed = new Map<string, number>();
  private hourNumber = Number.NaN;
  private hourText = '';

  constructor(private readonly database: Database) {}

  /** Counts one request answered at `ms` (epoch milliseconds). */
  record(credential: UsageCredential, route: string, status: number, ms: number): void {
    const hourNumber = Math.floor(ms / HOUR_MS);
    if (hourNumber !== this.hourNumber) {
      this.hourNumber = hourNumber;
      this.hourText = new Date(hourNumber * HOUR_MS).toISOString();
    }
    const statusDigit = Math.floor(status / 100);
    const keyId = credential.credentialId;
    const slots = this.slotsFor(this.hourText, keyId, route);
    const cur = slots[statusDigit];
    if (cur) cur.count += 1;
    else slots[statusDigit] = { keyId, userId: credential.userId, applicationId: credential.applicationId, hour: this.hourText, route, statusClass: `${statusDigit}xx`, count: 1 };
    (credential.credentialType === 'oauth' ? this.grantsUsed : this.keysUsed).set(keyId, ms);
  }

  private slotsFor(hour: string, keyId: string, route: string): Array<UsageBucket | undefined> {
    let byKey = this.buckets.get(hour);
    if (!byKey) {
      byKey = new Map();
      this.buckets.set(hour, byKey);
    }
    let byRoute = byKey.get(keyId);
    if (!byRoute) {
      byRoute = new Map();
      byKey.set(keyId, byRoute);
    }
    let slots = byRoute.get(route);
    if (!slots) {
      slots = [];
      byRoute.set(route, slots);
    }
    return slots;
  }

  private add(bucket: UsageBucket): void {
    const slots = this.slotsFor(bucket.hour, bucket.keyId, bucket.route);
    const digit = Number(bucket.statusClass[0]);
    const cur = slots[digit];
    if (cur) cur.count += bucket.count;
    else slots[digit] = { ...bucket };
  }

  private drain(): UsageBucket[] {
    const out: UsageBucket[] = [];
    for (const byKey of this.buckets.values()) for (const byRoute of byKey.values()) for (const slots of byRoute.values()) for (const b of slots) if (b) out.push(b);
    return out;
  }

  /** The flush now writing, if any: the next one waits for it (see flush). */
  private writing: Promise<unknown> = Promise.resolve();

  /**
   * Writes what it holds; false when it held nothing, so nothing was asked of the database.
   * Flushes run one after another: a report flushes before it reads, and one that found the
   * counts already drained by the timer's flush, still being written, read without them.
   */
  flush(): Promise<boolean> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<boolean> {
    if (this.buckets.size === 0 && this.keysUsed.size === 0 && this.grantsUsed.size === 0) return false;
    const buckets = this.drain();
    const { keysUsed, grantsUsed } = this;
    this.buckets = new Map();
    this.keysUsed = new Map();
    this.grantsUsed = new Map();
    try {
      await writeTransaction(this.database, async (trx) => {
        const store = createUsageStore(trx);
        // A user deleted since their requests were counted: their counts go with the account. Writing
        // them would fail the whole flush on the foreign key, and, put back, every flush after it.
        const present = await store.existingUsers([...new Set(buckets.map((b) => b.userId))]);
        // Rows locked in one order in every process (see inLockOrder): the counts, then keys, then grants, each by id.
        await store.addCounts(inLockOrder(buckets.filter((b) => present.has(b.userId))));
        for (const [id, ms] of [...keysUsed].sort(([a], [b]) => byText(a, b))) await store.touchLastUsed(id, new Date(ms).toISOString());
        for (const [id, ms] of [...grantsUsed].sort(([a], [b]) => byText(a, b))) await store.touchGrant(id, new Date(ms).toISOString());
      });
    } catch (err) {
      // Put the counts back so a transient failure loses nothing; they go out with the next flush.
      for (const b of buckets) this.add(b);
      for (const [id, at] of keysUsed) if (!this.keysUsed.has(id)) this.keysUsed.set(id, at);
      for (const [id, at] of grantsUsed) if (!this.grantsUsed.has(id)) this.grantsUsed.set(id, at);
      throw err;
    }
    return true;
  }
}
