#!/usr/bin/env node
// @ts-check
// `npm start`: build what is older than its sources (nothing, usually), then run
// `ccs serve --seed` in this very process, so a signal sent to it reaches the server itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleParts } from './build-state.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The same steps as `npm run build`, run directly: no npm (and no shell) in between.
const STEPS = {
  server: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'],
  portal: ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
};

/** Runs one build step as a child; a signal meanwhile stops the child and then this process. */
function build(part) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, STEPS[part], { cwd: root, stdio: 'inherit' });
    const stop = (signal) => child.kill(signal);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (signal) process.exit(1);
      if (code === 0) resolve(undefined);
      else reject(new Error(`building the ${part} failed (exit code ${code})`));
    });
  });
}

/**
 * npm runs this script through `sh -c`. On SIGTERM npm signals that shell, and Debian's sh
 * (dash) dies without passing the signal on, which left the server running as an orphan that
 * held the port and the database. A server started by npm therefore also stops, gracefully, when
 * the process that started it goes away (see docs/decisions.md).
 */
function stopWithParent() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  timer.unref();
}

try {
  const stale = staleParts(root);
  for (const part of stale) {
    console.error(`ccs: building the ${part} (its sources changed since the last build) ...`);
    await build(part);
  }
  stopWithParent();
  const { main } = await import('../dist/cli/main.js');
  process.exitCode = await main(['serve', '--seed', ...process.argv.slice(2)]);
} catch (err) {
  console.error(`ccs: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
