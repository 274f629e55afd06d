import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { apiDescription } from '../../src/cli/openapi.js';
import { loadConfig } from '../../src/config.js';
import { clientTypes } from '../../scripts/client-types.js';

const TYPES = path.resolve(import.meta.dirname, '../../src/client/api-types.ts');

it('ships client types generated from the current API description (else run npm run client:types)', async () => {
  const expected = await clientTypes(await apiDescription(loadConfig({ LOG_LEVEL: 'silent' })));
  expect(fs.readFileSync(TYPES, 'utf8') === expected, 'src/client/api-types.ts is out of date: run `npm run client:types` and commit it').toBe(true);
}, 60_000);
