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
export class UsageRecorder {
  private buckets = new Map<string, UsageBucket>();
  /** Last use per API key (`k` + id) or OAuth grant (`g` + id). */
  private lastUsed = new Map<string, string>();

  constructor(private readonly database: Database) {}

  record(credential: UsageCredential, route: string, status: number, at: Date): void {
    const iso = at.toISOString();
    const hour = `${iso.slice(0, 13)}:00:00.000Z`;
    const statusClass = `${Math.floor(status / 100)}xx`;
    const keyId = credential.credentialId;
    this.add({ keyId, userId: credential.userId, applicationId: credential.applicationId, hour, route, statusClass, count: 1 });
    this.lastUsed.set((credential.credentialType === 'oauth' ? 'g' : 'k') + keyId, iso);
  }

  private add(bucket: UsageBucket): void {
    const id = `${bucket.keyId}\u0000${bucket.hour}\u0000${bucket.route}\u0000${bucket.statusClass}`;
    const cur = this.buckets.get(id);
    if (cur) cur.count += bucket.count;
    else this.buckets.set(id, { ...bucket });
  }

  async flush(): Promise<void> {
    if (this.buckets.size === 0 && this.lastUsed.size === 0) return;
    const buckets = [...this.buckets.values()];
    const lastUsed = this.lastUsed;
    this.buckets = new Map();
    this.lastUsed = new Map();
    try {
      await writeTransaction(this.database, async (trx) => {
        const store = createUsageStore(trx);
        await store.addCounts(buckets);
        for (const [id, at] of lastUsed) {
          if (id[0] === 'g') await store.touchGrant(id.slice(1), at);
          else await store.touchLastUsed(id.slice(1), at);
        }
      });
    } catch (err) {
      // Put the counts back so a transient failure loses nothing; they go out with the next flush.
      for (const b of buckets) this.add(b);
      for (const [id, at] of lastUsed) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      throw err;
    }
  }
}
