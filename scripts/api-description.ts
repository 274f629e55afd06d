/**
 * Writes the API description, and the client's types generated from it, from the source
 * without starting a server (run with vite-node, see package.json):
 *   npm run api:describe   ->  build/openapi.json (what `npm run lint:api` lints)
 *   npm run client:types   ->  src/client/api-types.ts (committed; a test checks it is current)
 * The description is built with the default configuration, so neither depends on the
 * environment (e.g. CCS_PUBLIC_URL, which only changes `servers`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiDescription } from '../src/cli/openapi.js';
import { loadConfig } from '../src/config.js';
import { clientTypes } from './client-types.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, types: { type: 'string' } }, strict: true });
const description = await apiDescription(loadConfig({ LOG_LEVEL: 'silent' }));
if (values.out) {
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.writeFileSync(values.out, `${JSON.stringify(description, null, 2)}\n`);
}
if (values.types) fs.writeFileSync(values.types, await clientTypes(description));
