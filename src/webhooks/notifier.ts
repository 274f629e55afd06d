import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { Database } from '../db/database.js';
import { disabledNotice } from './notice.js';
import { createSubscriptionStore } from './subscription-store.js';

/**
 * Sends the owed "subscription disabled" e-mails. The e-mail is owed in the
 * database (`disable_notified_at` null); one sender claims it before sending and
 * gives the claim back if sending fails, so a crash or an SMTP outage delays it
 * but does not lose it, and two dispatchers never both send it.
 */
export function createDisableNotifier(deps: { database: Database; clock: Clock; mailer: Mailer; publicUrl: string | undefined }) {
  const store = createSubscriptionStore(deps.database.db);
  return async function notifyDisabled(): Promise<number> {
    let sent = 0;
    for (const row of await store.owedNotifications(20)) {
      const disabledAt = row.disabled_at;
      if (!disabledAt) continue;
      if (!(await store.markNotified(row.id, disabledAt, deps.clock.now().toISOString()))) continue;
      try {
        await deps.mailer.send({ to: row.email, ...disabledNotice(row, deps.publicUrl) });
        sent += 1;
      } catch (err) {
        await store.markNotified(row.id, disabledAt, null);
        throw err;
      }
    }
    return sent;
  };
}
