import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

/**
 * For a file whose tests change data at one server and read it at another: a server with the
 * demo cards, and a second server on the same database (its own connection, its own caches),
 * started before the file's tests and closed after them. Read the fields inside tests.
 */
export function serversSharingADatabase(): { readonly server: TestServer; readonly other: TestServer } {
  const pair = {} as { server: TestServer; other: TestServer };
  beforeAll(async () => {
    pair.server = await startTestServer();
    pair.other = await startTestServer({}, { cards: false, shareDatabaseWith: pair.server });
  }, 60_000);
  afterAll(async () => {
    await pair.other?.close();
    await pair.server?.close();
  });
  return pair;
}
