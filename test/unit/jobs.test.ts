import { describe, expect, it } from 'vitest';
import { createDependencyHealth } from '../../src/availability/health.js';
import { backoffDelay, outageAwareLog } from '../../src/jobs/failures.js';
import { createPeriodicJob, type Timers } from '../../src/jobs/periodic.js';
import { createJobRegistry, type Job } from '../../src/jobs/registry.js';
import { captureLog } from '../helpers/outage.js';

/** Timers the test fires by hand: each entry is a wait a job asked for. */
class ManualTimers implements Timers {
  private seq = 0;
  pending: Array<{ id: number; fn: () => void; ms: number }> = [];
  set(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.push({ id, fn, ms });
    return id;
  }
  clear(handle: unknown): void {
    this.pending = this.pending.filter((t) => t.id !== handle);
  }
  /** The wait asked for, if exactly one is pending. */
  get next(): number | undefined {
    expect(this.pending.length).toBeLessThanOrEqual(1);
    return this.pending[0]?.ms;
  }
  /** Fires the pending wait and lets the round it starts finish. */
  async fire(): Promise<void> {
    const t = this.pending.shift();
    if (!t) throw new Error('no timer pending');
    t.fn();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const connectionLost = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const bug = () => new TypeError("Cannot read properties of undefined (reading 'id')");

describe('back-off', () => {
  it('doubles from one second after each failure in a row, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffDelay(n))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoffDelay(3, { initialMs: 10, maxMs: 25 })).toBe(25);
  });
});

describe('a periodic job', () => {
  function job(outcomes: Array<'ok' | 'outage' | 'bug' | 'idle'>, extra: { runOnStop?: boolean } = {}) {
    const timers = new ManualTimers();
    const log = captureLog();
    const health = createDependencyHealth('database', { log });
    let runs = 0;
    const j = createPeriodicJob({
      name: 'usage-flush',
      run: async () => {
        const outcome = outcomes[Math.min(runs++, outcomes.length - 1)];
        if (outcome === 'outage') throw connectionLost();
        if (outcome === 'bug') throw bug();
        return outcome === 'idle' ? 'untouched' : undefined;
      },
      nextDelayMs: () => 10_000,
      log,
      health,
      timers,
      ...extra,
    });
    return { j, timers, log, health, runs: () => runs };
  }

  it('backs off while the database is unreachable, logs that once, and says when it resumes at its regular pace', async () => {
    const { j, timers, log, health } = job(['outage', 'outage', 'outage', 'outage', 'ok']);
    j.start();
    expect(timers.next).toBe(10_000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await timers.fire();
      waits.push(timers.next!);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(log.matching(/^usage-flush paused/)).toHaveLength(1);
    expect(log.matching(/^usage-flush resumed/)).toHaveLength(1);
    expect(log.matching(/^usage-flush resumed/)[0]!.obj).toMatchObject({ failures: 4 });
    // The outage reached the database's health too, and the job's success ended it.
    expect(health.up).toBe(true);
    expect(health.errors.get('database')).toBe(4);
    expect(log.matching(/^database unreachable/)).toHaveLength(1);
    expect(log.matching(/^database reachable again/)).toHaveLength(1);
    await j.stop();
  });

  it('takes a round that asked nothing of the database as no sign that it is back: a quiet process stays down, and logs no false recovery', async () => {
    const { j, timers, log, health } = job(['outage', 'idle', 'idle', 'outage', 'ok']);
    j.start();
    await timers.fire();
    expect(health.up).toBe(false);
    await timers.fire();
    await timers.fire();
    expect(health.up).toBe(false);
    expect(log.matching(/^database reachable again/)).toEqual([]);
    expect(log.matching(/^usage-flush resumed/)).toEqual([]);
    await timers.fire();
    await timers.fire();
    expect(health.up).toBe(true);
    expect(log.matching(/^database unreachable/)).toHaveLength(1);
    expect(log.matching(/^database reachable again/)).toHaveLength(1);
    expect(log.matching(/^usage-flush resumed/)[0]!.obj).toMatchObject({ failures: 2 });
    await j.stop();
  });

  it('logs a fault every time with its error and waits for the next regular round instead of backing off', async () => {
    const { j, timers, log } = job(['bug', 'bug', 'ok']);
    j.start();
    await timers.fire();
    expect(timers.next).toBe(10_000);
    await timers.fire();
    expect(timers.next).toBe(10_000);
    const faults = log.matching(/^usage-flush failed$/);
    expect(faults).toHaveLength(2);
    expect(faults[0]!.obj.err).toBeInstanceOf(TypeError);
    await timers.fire();
    expect(log.matching(/resumed/)).toEqual([]);
    await j.stop();
  });

  it('never runs two rounds at once, and stop waits for the one running, runs a last one when asked, and leaves no timer', async () => {
    const timers = new ManualTimers();
    let release: () => void = () => undefined;
    let running = 0;
    let most = 0;
    let rounds = 0;
    const j = createPeriodicJob({
      name: 'usage-flush',
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        rounds += 1;
        if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
      },
      nextDelayMs: () => 10_000,
      runOnStop: true,
      log: captureLog(),
      timers,
    });
    j.start();
    await timers.fire();
    const now = j.runNow();
    const stopped = j.stop();
    release();
    await Promise.all([now, stopped]);
    expect(most).toBe(1);
    // The held round, the runNow that waited for it, and the last round on stop.
    expect(rounds).toBe(3);
    expect(timers.pending).toEqual([]);
  });
});

describe('the job registry', () => {
  function recorder(events: string[], name: string, opts: { failStart?: boolean; hangStop?: boolean } = {}): Job {
    return {
      name,
      start() {
        if (opts.failStart) throw new Error(`${name} cannot start`);
        events.push(`start ${name}`);
      },
      stop() {
        events.push(`stop ${name}`);
        return opts.hangStop ? new Promise(() => undefined) : Promise.resolve();
      },
    };
  }

  it('starts jobs in the order they were added and stops them in reverse, once', async () => {
    const events: string[] = [];
    const jobs = createJobRegistry({ log: captureLog(), stopTimeoutMs: 1_000 });
    for (const name of ['wal-checkpointer', 'usage-flush', 'webhook-dispatcher']) jobs.add(recorder(events, name));
    expect(jobs.names).toEqual(['wal-checkpointer', 'usage-flush', 'webhook-dispatcher']);
    await jobs.start();
    await Promise.all([jobs.stop(), jobs.stop()]);
    expect(events).toEqual([
      'start wal-checkpointer',
      'start usage-flush',
      'start webhook-dispatcher',
      'stop webhook-dispatcher',
      'stop usage-flush',
      'stop wal-checkpointer',
    ]);
  });

  it('stops the jobs already started when one fails to start', async () => {
    const events: string[] = [];
    const jobs = createJobRegistry({ log: captureLog(), stopTimeoutMs: 1_000 });
    jobs.add(recorder(events, 'a'));
    jobs.add(recorder(events, 'b'));
    jobs.add(recorder(events, 'c', { failStart: true }));
    await expect(jobs.start()).rejects.toThrow('c cannot start');
    expect(events).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  });

  it('passes over a job that does not stop in time, logging it, and stops the rest', async () => {
    const events: string[] = [];
    const log = captureLog();
    const jobs = createJobRegistry({ log, stopTimeoutMs: 20 });
    jobs.add(recorder(events, 'a'));
    jobs.add(recorder(events, 'stuck', { hangStop: true }));
    await jobs.start();
    await jobs.stop();
    expect(events.slice(2)).toEqual(['stop stuck', 'stop a']);
    expect(log.matching(/^stuck did not stop in time/)).toHaveLength(1);
  });

  it('refuses two jobs with one name', () => {
    const jobs = createJobRegistry({ log: captureLog(), stopTimeoutMs: 1_000 });
    jobs.add(recorder([], 'a'));
    expect(() => jobs.add(recorder([], 'a'))).toThrow(/already registered/);
  });
});

describe('the log of a job with its own loop', () => {
  it('logs outage errors once per outage and lets everything else through', () => {
    const log = captureLog();
    const health = createDependencyHealth('database', { log });
    const loop = outageAwareLog('webhook-dispatcher', log, health);
    for (let i = 0; i < 5; i++) loop.error({ err: connectionLost() }, 'webhook: dispatcher pass failed; retrying');
    loop.warn({ err: bug() }, 'webhook: disable e-mail failed; will retry');
    expect(log.matching(/^webhook-dispatcher paused/)).toHaveLength(1);
    expect(log.matching(/disable e-mail failed/)).toHaveLength(1);
    health.reachable();
    loop.error({ err: connectionLost() }, 'webhook: dispatcher pass failed; retrying');
    expect(log.matching(/^webhook-dispatcher paused/)).toHaveLength(2);
  });
});
