import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from '../../src/config.js';
import { dropSchema, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { AppError } from '../../src/errors.js';
import { BIN } from '../helpers/cli.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Usernames are unique regardless of case (`alice` and `ALICE` cannot both exist), the spelling
 * chosen is kept, and every look-up by username (sign-in, the CLI's --user, public decks)
 * ignores case. Migration 0012 adds the index and stops on names that already clash.
 */
const run = promisify(execFile);
const PASSWORD = 'correct horse battery';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

const unique = (p: string) => `${p}${randomBytes(3).toString('hex')}`;

function takenFields(err: unknown): string[] {
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(422);
  return ((err as AppError).extra.errors as Array<{ field: string; code: string }>).map((e) => `${e.field}:${e.code}`);
}

describe('usernames are case-insensitive unique, keeping the spelling chosen', () => {
  it('refuses a name that differs from an existing one only by case, wherever the account is made', async () => {
    const name = unique('Alice_');
    const made = await server.ctx.accounts.createUser({ username: name, email: `${name}@example.com`, password: PASSWORD });
    expect(made.username).toBe(name);

    const err = await server.ctx.accounts.createUser({ username: name.toUpperCase(), email: `other_${name}@example.com`, password: PASSWORD }).catch((e: unknown) => e);
    expect(takenFields(err)).toEqual(['username:taken']);

    const portal = new PortalClient(server.url);
    const signUp = await portal.signUp(name.toLowerCase(), PASSWORD, `third_${name}@example.com`);
    expect(signUp.status).toBe(422);
    expect(signUp.body.errors).toContainEqual(expect.objectContaining({ field: 'username', code: 'taken' }));

    const cli = (await run(process.execPath, [BIN, 'user', 'create', '--username', name.toLowerCase(), '--email', `fourth_${name}@example.com`, '--password', PASSWORD], { env: server.childEnv }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/username: That username is taken/);
    expect(await server.ctx.accounts.findByUsername(name)).toMatchObject({ username: name });
  }, 60_000);

  it('signs in with the name in any case, and shows the spelling chosen', async () => {
    const name = unique('Bob_');
    const portal = new PortalClient(server.url);
    expect((await portal.signUp(name)).status).toBe(201);
    for (const login of [name, name.toLowerCase(), name.toUpperCase()]) {
      const again = new PortalClient(server.url);
      const res = await again.signIn(login, PASSWORD);
      expect(res.status, login).toBe(200);
      expect(res.body.data.user.username).toBe(name);
    }
    expect((await new PortalClient(server.url).signIn(name.toUpperCase(), 'wrong password!')).status).toBe(401);
  });

  it('finds the account for the CLI and for public decks whatever the case', async () => {
    const name = unique('Carol_');
    const user = await server.createUser({ username: name, scopes: ['decks:read', 'decks:write'] });
    const key = await run(process.execPath, [BIN, 'key', 'create', '--user', name.toUpperCase(), '--name', 'ci', '--scopes', 'profile:read'], { env: server.childEnv });
    const profile = await server.request('GET', '/api/v1/profile', { token: key.stdout.trim() });
    expect(profile.body.data).toMatchObject({ id: user.id, username: name });

    const deck = await user.api('POST', '/api/v1/decks', { name: 'Public', format: 'casual', visibility: 'public' });
    expect(deck.status).toBe(201);
    const listed = await user.api('GET', `/api/v1/users/${name.toLowerCase()}/decks`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([deck.body.data.id]);
  }, 60_000);

  it('lets exactly one of several concurrent sign-ups for one name through', async () => {
    const name = unique('race_');
    const variants = [name, name.toUpperCase(), `${name[0]!.toUpperCase()}${name.slice(1)}`, name, name.toUpperCase()];
    const results = await Promise.allSettled(variants.map((u, i) => server.ctx.accounts.createUser({ username: u, email: `${i}_${name}@example.com`, password: PASSWORD })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(takenFields(r.reason)).toContain('username:taken');
  }, 60_000);
});

describe('migration 0012_username_case', () => {
  it('stops on names that differ only by case, naming them, and adds the index once they are renamed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-mig-'));
    const config = loadConfig({ ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const schema = isPostgres(config) ? `t_mig_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
    const database = await openDatabase(config, { schema });
    try {
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0012_username_case') - 1]!;
      const migrator = new Migrator({ db: database.bulk, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const at = new Date().toISOString();
      const row = (id: string, username: string) => ({ id, username, email: `${id}@example.com`, password_hash: 'x', plan: 'free' as const, created_at: at, updated_at: at });
      await database.db.insertInto('users').values([row('u1', 'alice'), row('u2', 'ALICE'), row('u3', 'Alice'), row('u4', 'bob'), row('u5', 'BoB'), row('u6', 'carol')]).execute();

      const failed = (await migrateToLatest(database).catch((e: unknown) => e)) as Error;
      expect(failed).toBeInstanceOf(Error);
      expect(failed.message).toMatch(/0012_username_case/);
      for (const clash of ['"alice" (id u1', '"ALICE" (id u2', '"Alice" (id u3', '"bob" (id u4', '"BoB" (id u5']) expect(failed.message).toContain(clash);
      expect(failed.message).not.toContain('carol');
      expect(failed.message).toMatch(/UPDATE users SET username/);

      // The operator renames; the migration then goes through and the rule holds from then on.
      await database.db.updateTable('users').set({ username: 'alice_2' }).where('id', '=', 'u2').execute();
      await database.db.updateTable('users').set({ username: 'alice_3' }).where('id', '=', 'u3').execute();
      await database.db.updateTable('users').set({ username: 'bob_2' }).where('id', '=', 'u5').execute();
      expect(await migrateToLatest(database)).toContain('0012_username_case');
      await expect(database.db.insertInto('users').values(row('u7', 'CAROL')).execute()).rejects.toThrow();
      expect((await database.db.selectFrom('users').select('username').where('id', '=', 'u1').executeTakeFirstOrThrow()).username).toBe('alice');
    } finally {
      await database.close();
      if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
