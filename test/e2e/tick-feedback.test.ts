import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CCS_BIN, ensureBuilt, spawnNode, type Child } from '../helpers/webhooks.js';

/*
 * src/lib/tick-feedback.ts: without it, the inline caches in Node 20's process.nextTick that
 * build each tick object go megamorphic while Fastify boots, and ~9 ticks per request take
 * V8's generic path (~3 µs a request). This reads the caches' states from V8 itself, in a real
 * `ccs serve` that has answered requests, since a timing would not be a test.
 */
const PROBE = path.resolve(import.meta.dirname, '../fixtures/print-next-tick-feedback.mjs');

describe('process.nextTick in a serving process', () => {
  const dirs: string[] = [];
  const procs: Child[] = [];
  afterAll(async () => {
    for (const p of procs) await p.kill();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps the inline caches that build tick objects monomorphic after the server has booted and served', async () => {
    ensureBuilt();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-tick-feedback-'));
    dirs.push(dir);
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', CCS_DATA_DIR: dir, DATABASE_URL: '', CCS_REDIS_URL: '', LOG_LEVEL: 'warn' };
    const proc = spawnNode(['--allow-natives-syntax', '--import', PROBE, CCS_BIN, 'serve', '--port', '0', '--no-worker'], env);
    procs.push(proc);
    const [, url] = await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000);
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${url}/api/v1/profile`);
      expect(res.status).toBe(401);
      await res.arrayBuffer();
    }
    proc.child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 200));
    proc.child.kill('SIGTERM');
    await proc.exited;
    const out = proc.output();
    const defines = out.match(/DefineKeyedOwnPropertyInLiteral \w+/g) ?? [];
    // nextTick's literal has four fields defined this way; the probe must have printed them.
    expect(defines.length).toBeGreaterThanOrEqual(4);
    expect(defines.filter((d) => !d.endsWith('MONOMORPHIC'))).toEqual([]);
  }, 90_000);
});
