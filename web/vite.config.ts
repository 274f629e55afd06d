import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The output directory is never emptied first, so a running server (or a test) never sees
 * web/dist without an index.html while a rebuild is under way; afterwards, assets the new
 * build no longer references are removed.
 */
function pruneStaleAssets(): Plugin {
  return {
    name: 'ccs-prune-stale-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const dir = path.join(options.dir, 'assets');
      if (!fs.existsSync(dir)) return;
      for (const file of fs.readdirSync(dir)) {
        if (!(`assets/${file}` in bundle)) fs.rmSync(path.join(dir, file), { force: true });
      }
    },
  };
}

// There is no @vitejs/plugin-react here: esbuild's automatic JSX runtime is all the
// portal needs (no Fast Refresh), and it keeps the build to one small dependency.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/portal/',
  esbuild: { jsx: 'automatic' },
  plugins: [pruneStaleAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npx vite --config web/vite.config.ts` during development, with `npm start` answering the API.
    proxy: { '/portal/api': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080' },
  },
});
