#!/usr/bin/env node
// The CLI is compiled by `npm install` (prepare) into dist/; this shim keeps `npx ccs` working.
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { if (typeof code === 'number') process.exitCode = code; },
  (err) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; },
);
