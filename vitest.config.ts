import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One line when the browser tests are skipped for want of Chromium.
    globalSetup: ['test/setup/chromium.ts'],
    // Closes test servers a file left open (a test that failed before its close()).
    setupFiles: ['test/setup/leftovers.ts'],
    pool: 'forks',
    // A worker keeps one module graph for the files it runs instead of loading the service afresh
    // for each (a quarter to a third off each suite; docs/decisions.md, "Test files share a
    // worker's modules"). Safe because no test mocks modules, stubs globals or fakes timers
    // (clocks are injected), and the service's module-level state is caches of immutable things.
    isolate: false,
    // Most end-to-end time is waiting (receivers, timers, child processes), so two files at a time
    // even on a 2-core machine; vitest's default there is one (cores - 1).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
