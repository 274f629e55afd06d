import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { enforceRouteAuth, guardedBy } from '../../src/http/route-auth.js';

describe('every route declares how it authenticates', () => {
  // The real app on a throwaway SQLite file (one per app: an app registers its metrics once),
  // so the check runs on the routes the service really registers.
  let ctx: AppContext;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-route-auth-'));
    ctx = await createContext(loadConfig({ CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' }));
  });
  afterEach(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts when every route of the service declares a scope, a portal mode or that it is public', async () => {
    const app = await buildApp(ctx, { logger: false });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('refuses to start when a route declares nothing, naming the route', async () => {
    const app = await buildApp(ctx, { logger: false });
    app.get('/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten declares no authentication/);
  });

  it('refuses to start when an API route declares nothing', async () => {
    const app = await buildApp(ctx, { logger: false });
    await app.register(async (api) => {
      api.get('/collection/export', async () => ({}));
    }, { prefix: '/api/v1' });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/collection\/export declares no authentication/);
  });
});

describe('a declaration counts only where its guard runs', () => {
  function appWithGuards() {
    const app = Fastify({ logger: false });
    enforceRouteAuth(app);
    return app;
  }

  it('accepts a scope behind the bearer guard and a portal mode behind the portal guard', async () => {
    const app = appWithGuards();
    await app.register(async (api) => {
      guardedBy(api, 'bearer');
      api.get('/api/thing', { config: { scope: 'collection:read' } }, async () => ({}));
    });
    await app.register(async (portal) => {
      guardedBy(portal, 'portal');
      portal.get('/portal/api/thing', { config: { portal: 'session' } }, async () => ({}));
    });
    app.get('/healthz', { config: { auth: 'none' } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
  });

  it('rejects a scope where no bearer check runs: the route would be public', async () => {
    const app = appWithGuards();
    app.get('/thing', { config: { scope: 'collection:read' } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/thing declares a scope outside the API/);
  });

  it('rejects a portal mode where no session check runs', async () => {
    const app = appWithGuards();
    await app.register(async (api) => {
      guardedBy(api, 'bearer');
      api.get('/thing', { config: { portal: 'session' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/thing declares a portal session outside the portal/);
  });

  it('rejects a route that is both public and scoped', async () => {
    const app = appWithGuards();
    await app.register(async (api) => {
      guardedBy(api, 'bearer');
      api.get('/thing', { config: { auth: 'none', scope: 'collection:read' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/thing declares auth and scope/);
  });

  it('names every route at fault at once', async () => {
    const app = appWithGuards();
    app.get('/a', async () => ({}));
    app.post('/b', async () => ({}));
    const failure = app.ready();
    await expect(failure).rejects.toThrow(/GET \/a declares no authentication/);
    await expect(failure).rejects.toThrow(/POST \/b declares no authentication/);
  });
});
