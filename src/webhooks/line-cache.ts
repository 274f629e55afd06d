import type { StagedLines } from './engine/fanout.js';

/**
 * Event lines of the open batches this process's fan-out built, so sealing can
 * skip reading every payload back from the outbox. Only an optimisation: a
 * batch is served from here only when the cache holds exactly its stored event
 * count (so anything appended by another dispatcher, before a restart, or by a
 * rolled-back pass falls back to the database), and changes are applied only
 * after their transaction commits.
 */
export class LineCache {
  private readonly entries = new Map<string, { lines: string[]; bytes: number; at: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The cached lines of a batch, if this process has followed it from its first event. */
  peek(id: string): readonly string[] | undefined {
    return this.entries.get(id)?.lines;
  }

  /** Applies a committed pass: lines appended (per batch, `fresh` when the pass opened it) and batches sealed. */
  apply(staged: ReadonlyMap<string, StagedLines>, sealed: readonly string[], now: number, maxAgeMs: number): void {
    for (const [id, add] of staged) {
      let entry = this.entries.get(id);
      if (!entry) {
        // Only a batch seen from its start can be complete; stop caching when over budget.
        if (!add.fresh || this.bytes + add.bytes > this.maxBytes) continue;
        entry = { lines: [], bytes: 0, at: now };
        this.entries.set(id, entry);
      }
      entry.lines.push(...add.lines);
      entry.bytes += add.bytes;
      this.bytes += add.bytes;
    }
    for (const id of sealed) this.drop(id);
    // Batches sealed by another dispatcher never come back here; age them out.
    for (const [id, entry] of this.entries) if (now - entry.at > maxAgeMs) this.drop(id);
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(id);
  }
}
