import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route says how a caller proves who they are, and the app refuses to start if one
 * does not: a route added without thinking about it must not end up public by default.
 * A route declares exactly one of
 * - `config: { scope }`: a bearer credential (API key) holding that scope (`http/auth.ts`);
 * - `config: { portal }`: the portal's browser session (`portal/session.ts`);
 * - `config: { auth: 'none' }`: public, on purpose.
 * A scope or portal declaration only counts where the guard that enforces it runs.
 */
export type Guard = 'bearer' | 'portal';

const guardOf = new WeakMap<object, Guard>();

/** Marks the routes of `instance` (and its children) as running behind `guard`. */
export function guardedBy(instance: FastifyInstance, guard: Guard): void {
  instance.addHook('onRoute', (route) => {
    guardOf.set(route, guard);
  });
}

/** Marks every route a third-party plugin registers in `instance` as public, e.g. the API reference. */
export function publicRoutes(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: 'none' };
  });
}

/** What is wrong with a route's declaration, or undefined when it is sound. */
export function routeAuthProblem(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, guard: Guard | undefined): string | undefined {
  const config = route.config ?? {};
  const declared = [config.auth === 'none' && 'auth', config.scope !== undefined && 'scope', config.portal !== undefined && 'portal'].filter(
    (d): d is string => d !== false,
  );
  const name = `${Array.isArray(route.method) ? route.method.join(',') : route.method} ${route.url}`;
  if (declared.length === 0) return `${name} declares no authentication: give it config.scope, config.portal or config.auth = 'none'`;
  if (declared.length > 1) return `${name} declares ${declared.join(' and ')}; a route authenticates one way`;
  if (config.scope !== undefined && guard !== 'bearer') return `${name} declares a scope outside the API, where no bearer check runs`;
  if (config.portal !== undefined && guard !== 'portal') return `${name} declares a portal session outside the portal, where no session check runs`;
  return undefined;
}

/**
 * Collects every route as it is added and checks them all once the app is ready, so the
 * guards' own markings (added by child contexts after this hook ran) are in place.
 * `ready()`, and so `listen()`, fails naming each route at fault.
 */
export function enforceRouteAuth(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const problems = routes.map((r) => routeAuthProblem(r, guardOf.get(r))).filter((p): p is string => p !== undefined);
    if (problems.length > 0) throw new Error(`Routes without a sound authentication declaration:\n- ${problems.join('\n- ')}`);
  });
}
