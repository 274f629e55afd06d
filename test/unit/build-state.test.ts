import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleParts } from '../../bin/build-state.js';

/** `npm start` rebuilds only what is older than its sources (bin/build-state.js). */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-build-state-'));
  dirs.push(root);
  for (const [file, secondsAgo] of Object.entries(files)) {
    const p = path.join(root, file);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, '');
    const at = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(p, at, at);
  }
  return root;
}

const BUILT = { 'dist/.tsbuildinfo': 10, 'dist/cli/main.js': 10, 'web/dist/index.html': 10 };

describe('staleParts', () => {
  it('finds nothing to build when every output is newer than its sources', () => {
    expect(staleParts(tree({ 'src/app.ts': 100, 'tsconfig.json': 100, 'web/src/App.tsx': 100, 'web/index.html': 100, ...BUILT }))).toEqual([]);
  });

  it('rebuilds the server when a source or its configuration changed', () => {
    expect(staleParts(tree({ 'src/http/problem.ts': 1, 'web/src/App.tsx': 100, ...BUILT }))).toEqual(['server']);
    expect(staleParts(tree({ 'src/app.ts': 100, 'tsconfig.build.json': 1, ...BUILT }))).toEqual(['server']);
  });

  it('rebuilds the portal when its sources changed', () => {
    expect(staleParts(tree({ 'src/app.ts': 100, 'web/src/pages/Keys.tsx': 1, ...BUILT }))).toEqual(['portal']);
    expect(staleParts(tree({ 'src/app.ts': 100, 'web/public/favicon.svg': 1, ...BUILT }))).toEqual(['portal']);
  });

  it('builds everything on a fresh checkout', () => {
    expect(staleParts(tree({ 'src/app.ts': 100, 'web/src/App.tsx': 100 }))).toEqual(['server', 'portal']);
  });
});
