import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One line when the browser tests are skipped for want of Chromium.
    globalSetup: ['test/setup/chromium.ts'],
    pool: 'forks',
    // Most end-to-end time is waiting (receivers, timers, child processes), so two files at a time
    // even on a 2-core machine; vitest's default there is one (cores - 1).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
