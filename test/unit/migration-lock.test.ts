import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeFileLock } from '../../src/db/migration-lock.js';

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-lock-'));

describe('the migration lock file', () => {
  it('lets one holder at a time in, the next once the first releases', async () => {
    const file = path.join(dir(), 'ccs.db.migrating');
    const release = await takeFileLock(file);
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    let second = false;
    const waiting = takeFileLock(file).then((r) => {
      second = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second).toBe(false);
    release();
    (await waiting)();
    expect(second).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock whose process is gone, and one left empty long ago, but waits on one being written', async () => {
    const d = dir();
    const gone = path.join(d, 'a');
    fs.writeFileSync(gone, '2147483646 2026-11-29T00:00:00Z\n');
    (await takeFileLock(gone, { waitMs: 1_000 }))();
    const emptyOld = path.join(d, 'b');
    fs.writeFileSync(emptyOld, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(emptyOld, old, old);
    (await takeFileLock(emptyOld, { waitMs: 1_000 }))();
    const emptyNew = path.join(d, 'c');
    fs.writeFileSync(emptyNew, '');
    await expect(takeFileLock(emptyNew, { waitMs: 200 })).rejects.toThrow(/has been migrating this database/);
  });
});
