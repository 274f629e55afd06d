import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/webhooks.js';

/*
 * src/lib/tick-feedback.ts: without it, the inline caches in Node 20's process.nextTick that
 * build each tick object go megamorphic while Fastify boots, and ~9 ticks per request take
 * V8's generic path (~3 µs a request). This reads the caches' states from V8 itself, in a server
 * started as `ccs serve` starts it that has answered requests over HTTP, since a timing would not
 * be a test.
 */
const PROBE = path.resolve(import.meta.dirname, '../fixtures/print-next-tick-feedback.mjs');

describe('process.nextTick in a serving process', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps the inline caches that build tick objects monomorphic after the server has booted and served', async () => {
    ensureBuilt();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-tick-feedback-'));
    dirs.push(dir);
    // V8 prints through C's stdio; into a pipe that Node made non-blocking it can lose output, so
    // the probe's stdout is a file.
    const outFile = path.join(dir, 'out.txt');
    const out = fs.openSync(outFile, 'w');
    const env = { PATH: process.env.PATH ?? '', CCS_DATA_DIR: dir, PORT: '0', DATABASE_URL: '', CCS_REDIS_URL: '', LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, ['--allow-natives-syntax', PROBE], { env, stdio: ['ignore', out, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    fs.closeSync(out);
    expect(code, stderr).toBe(0);
    const defines = fs.readFileSync(outFile, 'utf8').match(/DefineKeyedOwnPropertyInLiteral \w+/g) ?? [];
    // nextTick's literal has four fields defined this way; the probe must have printed them.
    expect(defines.length).toBeGreaterThanOrEqual(4);
    expect(defines.filter((d) => !d.endsWith('MONOMORPHIC'))).toEqual([]);
  }, 90_000);
});
