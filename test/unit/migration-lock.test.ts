import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeFileLock } from '../../src/db/migration-lock.js';
import { ensureBuilt } from '../helpers/webhooks.js';

const lockFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-lock-')), 'ccs.db.migrate-lock');

describe('the migration lock', () => {
  it('lets one holder at a time in, the next once the first releases', async () => {
    const file = lockFile();
    const release = await takeFileLock(file);
    await expect(takeFileLock(file, { waitMs: 0 })).rejects.toThrow(/another process has been migrating this database/);
    // A waiter gets it once the holder lets go.
    const waiting = takeFileLock(file, { waitMs: 5_000 });
    release();
    (await waiting)();
    (await takeFileLock(file, { waitMs: 0 }))();
  });

  it('is let go by the operating system when its holder is killed, however it dies', async () => {
    const file = lockFile();
    ensureBuilt();
    const module = new URL('../../dist/db/migration-lock.js', import.meta.url).pathname;
    // A holder in another process: it takes the lock, says so, and waits to be killed.
    const child = spawn(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(module)}).then(async (m) => { await m.takeFileLock(${JSON.stringify(file)}); console.log('held'); setInterval(() => {}, 1000); })`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve()));
    await expect(takeFileLock(file, { waitMs: 0 })).rejects.toThrow(/another process/);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    (await takeFileLock(file, { waitMs: 1_000 }))();
  });
});
