import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestMtime, staleParts } from '../../bin/build-state.js';

/**
 * `npm start` as a newcomer runs it, and `kill <pid of npm start>` as they stop it: the server
 * must stop too (it used to live on as an orphan holding the port and the database), and a
 * start with nothing changed must not rebuild. Runs on SQLite in a folder of its own whatever
 * DATABASE_URL says: it is about processes and signals, not the database.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  // `npm test` builds first; a run of this file alone after editing sources builds here, once.
  if (staleParts(ROOT).length > 0) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-npm-start-'));
}, 300_000);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Processes of a process group, as `ps` lists them: pid, parent and command line. */
function group(pgid: number): Array<{ pid: number; ppid: number; args: string }> {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[3]) === pgid)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[4]! }));
}

function alive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('runs the server in the process npm starts, without rebuilding, and SIGTERM to npm stops it', async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !['DATABASE_URL', 'CCS_REDIS_URL', 'CCS_PG_SCHEMA'].includes(k)) env[k] = v;
    Object.assign(env, { CCS_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const builtBefore = newestMtime(path.join(ROOT, 'dist'));

    // Its own process group, like a terminal's job, so the test can see every process it started.
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pgid = npm.pid!;
    let output = '';
    npm.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    npm.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not come up; output:\n${output}`)), 90_000);
        const check = () => {
          const m = output.match(/running at (http:\/\/\S+)/);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        };
        npm.stdout!.on('data', check);
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(output).not.toMatch(/building/i);
      expect(newestMtime(path.join(ROOT, 'dist'))).toBe(builtBefore);

      // One node process runs launcher and server alike: no grandchild to be orphaned.
      const nodes = group(pgid).filter((p) => /(^|\/)node\s/.test(p.args));
      expect(nodes.map((p) => p.args)).toEqual(['node bin/start.js']);

      process.kill(npm.pid!, 'SIGTERM');
      await exited;
      const deadline = Date.now() + 20_000;
      while (alive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(group(pgid)).toEqual([]);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      // It stopped the way a server should: finishing requests and closing the database.
      expect(output).toMatch(/shutting down: finishing in-flight requests/);
    } finally {
      if (alive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);
});
