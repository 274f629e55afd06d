/*
 * Which due deliveries one dispatcher takes, as pure decisions: how many it may
 * claim now, and which candidates, so no subscription exceeds its share of the
 * POSTs in flight here (one busy endpoint must not take every slot).
 */

/**
 * How many deliveries to claim with `inFlight` POSTs under way, 0 for none. Claims
 * come in groups rather than a slot at a time: while POSTs are in flight, wait until
 * a quarter of the slots are free (finishing POSTs wake the dispatcher anyway).
 */
export function claimBudget(concurrency: number, inFlight: number): number {
  const free = concurrency - inFlight;
  if (free <= 0) return 0;
  if (inFlight > 0 && free < Math.ceil(concurrency / 4)) return 0;
  return free;
}

/** Subscriptions (or accounts) that already have their most POSTs in flight here. */
export function saturatedSubscriptions(inFlight: ReadonlyMap<string, number>, maxPerSubscription: number): string[] {
  return [...inFlight].filter(([, n]) => n >= maxPerSubscription).map(([sub]) => sub);
}

/**
 * The most POSTs one account may have in flight here: a quarter of the slots (at least a
 * subscription's share). Without it, a few dozen subscriptions of one or two accounts pointed at
 * receivers that never answer held most of the slots for the whole timeout, and every other
 * account's deliveries waited behind them (an audit: a healthy receiver's latency went from the
 * 5 s window to 24 s).
 */
export function perUserShare(concurrency: number, maxPerSubscription: number): number {
  return Math.max(maxPerSubscription, Math.ceil(concurrency / 4));
}

/**
 * Up to `limit` candidates, in their order, keeping every subscription within `maxPerSubscription`
 * in flight, and, given `byUser`, every account within its share.
 */
export function pickClaimable<T extends { subscription_id: string; user_id?: string }>(
  candidates: readonly T[],
  inFlight: ReadonlyMap<string, number>,
  maxPerSubscription: number,
  limit: number,
  byUser?: { inFlight: ReadonlyMap<string, number>; max: number },
): T[] {
  const counts = new Map(inFlight);
  const users = new Map(byUser?.inFlight ?? []);
  const picked: T[] = [];
  for (const c of candidates) {
    if (picked.length >= limit) break;
    const n = counts.get(c.subscription_id) ?? 0;
    if (n >= maxPerSubscription) continue;
    const user = c.user_id ?? '';
    const u = users.get(user) ?? 0;
    if (byUser && u >= byUser.max) continue;
    counts.set(c.subscription_id, n + 1);
    users.set(user, u + 1);
    picked.push(c);
  }
  return picked;
}
