import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/scopes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tryItPath } from '../../web/src/try-it.js';

/** The portal's "Try it" command must work for the key it is shown with, whatever its one scope. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('"Try it" after creating a key', () => {
  it.each(SCOPES.map((s) => [s]))('names an endpoint a key with only %s may call (200)', async (scope) => {
    const user = await server.createUser({ scopes: [scope] });
    const res = await user.api('GET', tryItPath([scope]));
    expect(res.status, res.text).toBe(200);
  });
});
