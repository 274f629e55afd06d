// @ts-check
// Which parts of the build are older than their sources: `npm start` (bin/start.js) rebuilds only those.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time under `entry` (a file or a folder), 0 when it does not exist. */
export function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** The modification time of `file`, or -1 when it does not exist (older than anything). */
function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * The parts to rebuild: `server` (tsc into dist/, whose incremental build info is rewritten on
 * every build that changes anything) and `portal` (vite into web/dist/, whose index.html is
 * rewritten on every build). A part is stale when a source or its build configuration is newer
 * than its output, or the output is missing.
 * @param {string} root the repository root
 * @returns {Array<'server' | 'portal'>}
 */
export function staleParts(root) {
  const at = (...p) => path.join(root, ...p);
  const parts = [];
  const server = Math.max(newestMtime(at('src')), newestMtime(at('tsconfig.json')), newestMtime(at('tsconfig.build.json')));
  if (mtime(at('dist', '.tsbuildinfo')) < server || mtime(at('dist', 'cli', 'main.js')) < 0) parts.push('server');
  const portal = Math.max(newestMtime(at('web', 'src')), newestMtime(at('web', 'public')), newestMtime(at('web', 'index.html')), newestMtime(at('web', 'vite.config.ts')));
  if (mtime(at('web', 'dist', 'index.html')) < portal) parts.push('portal');
  return parts;
}
