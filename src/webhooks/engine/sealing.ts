import { signBody } from '../signer.js';
import { bodyOf } from './body.js';
import type { StagedLines } from './fanout.js';

/*
 * Sealing as pure decisions: which copy of a batch's event lines may be used, and
 * what a sealed delivery looks like. The body is serialised and signed once, here;
 * every attempt sends exactly these bytes with exactly this signature.
 */

export interface SealPatch {
  status: 'pending' | 'failed';
  body_bytes: number;
  signature: string;
  event_count: number;
  next_attempt_at: string | null;
  sealed_at: string;
  updated_at: string;
  last_error: string | null;
  completed_at: string | null;
}

export const SEALED_WHILE_DISABLED = 'the subscription was disabled before this batch was sent';

/**
 * A batch's lines from memory: what this process cached for it plus what the
 * current step appended (only the step's own lines when the step opened it).
 * Undefined when this process has not followed the batch.
 */
export function linesFromMemory(cached: readonly string[] | undefined, staged: StagedLines | undefined): readonly string[] | undefined {
  if (staged?.fresh) return staged.lines;
  if (!cached) return undefined;
  return staged ? [...cached, ...staged.lines] : cached;
}

/** Memory is used only when it accounts for exactly the batch's stored events; anything else is read from the outbox. */
export function isComplete(lines: readonly string[] | undefined, storedCount: number): lines is readonly string[] {
  return lines !== undefined && lines.length === storedCount;
}

/**
 * Seals a closed batch. A batch of a subscription disabled meanwhile is sealed
 * straight to `failed` (it can still be redelivered once the owner re-enables).
 */
export function sealBatch(lines: readonly string[], subscription: { status: 'enabled' | 'disabled'; secret: string }, now: string): { body: string; patch: SealPatch } {
  const body = bodyOf(lines);
  const enabled = subscription.status === 'enabled';
  return {
    body,
    patch: {
      status: enabled ? 'pending' : 'failed',
      body_bytes: Buffer.byteLength(body),
      signature: signBody(subscription.secret, body),
      event_count: lines.length,
      next_attempt_at: enabled ? now : null,
      sealed_at: now,
      updated_at: now,
      last_error: enabled ? null : SEALED_WHILE_DISABLED,
      completed_at: enabled ? null : now,
    },
  };
}

/** The batches one step seals: the first whose bodies add up to at most `budget` bytes, and always the first (a batch larger than the budget goes alone). */
export function withinBytes<T extends { body_bytes: number }>(batches: readonly T[], budget: number): T[] {
  let bytes = 0;
  let n = 0;
  while (n < batches.length && (n === 0 || bytes + (batches[n]?.body_bytes ?? 0) <= budget)) {
    bytes += batches[n]?.body_bytes ?? 0;
    n += 1;
  }
  return batches.slice(0, n);
}
