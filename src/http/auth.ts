import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../auth/service.js';
import type { Scope } from '../auth/scopes.js';
import type { Config } from '../config.js';
import { type AppError, Errors } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import type { UsageRecorder } from '../usage/recorder.js';
import type { RateLimiter } from './rate-limit.js';
import { guardedBy } from './route-auth.js';
import { hooksOf, routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `none`: a public route, on purpose. Every route declares this, a `scope` or a `portal` mode (`route-auth.ts`). */
    auth?: 'none';
    /**
     * The bearer credential's scope the route requires, checked in one place (the hook below);
     * a list means any one of them (exports: `collection:read`, or `decks:read` for a deck's),
     * and the service then checks the one its object needs.
     */
    scope?: Scope | readonly Scope[];
    /** A second scope the route needs as well as `scope` (a deck checked against your collection: both read scopes). */
    alsoScope?: Scope;
    /**
     * The one scope a request's body needs, of the route's list (a deck export needs
     * `decks:read`, any other `collection:read`): checked here too, after the body is parsed and
     * before it is validated or an `Idempotency-Key` is claimed, so a credential without it gets
     * 403 and no kept answer, and can never replay one made for a credential that had it.
     */
    bodyScope?: (body: unknown) => Scope;
    /**
     * The route reads one object whose kind decides which of the route's scopes it needs (an
     * export: a deck's `decks:read`, any other `collection:read`): a credential holding none of
     * them is let through to the service, which names the one that object needs, where the
     * first of the list would send a client holding neither to a second 403.
     */
    scopeOfObject?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthDeps {
  /** The principal at once where nothing had to be awaited (a cached credential), else a promise of it. */
  authenticate(token: string): Principal | Promise<Principal>;
  limiter: RateLimiter;
  usage: UsageRecorder;
  clock: Clock;
  rateLimits: Config['rateLimit'];
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function bearerToken(header: string | undefined, rawHeaders?: readonly string[]): string {
  if (!header) throw Errors.missingToken();
  // Node keeps the first of several and drops the rest: which credential the request meant is
  // ambiguous (a proxy may have read the other), so it is refused, as RFC 6750 asks (3.1).
  if (rawHeaders !== undefined && repeatsAuthorization(rawHeaders)) throw Errors.badRequest('Send one Authorization header; this request has more than one.');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw Errors.invalidToken('The Authorization header must be "Bearer <token>".');
  return token;
}

/** Whether a request's raw header list names Authorization more than once. */
function repeatsAuthorization(raw: readonly string[]): boolean {
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (name.length === 13 && name.toLowerCase() === 'authorization' && ++seen > 1) return true;
  }
  return false;
}

// Usage labels (`GET /api/v1/profile`) per route and request method, built once rather than
// concatenated on every request.
const usageRoutes = new WeakMap<object, Map<string, string>>();
function usageRouteOf(config: { url?: string }, method: string): string {
  let labels = usageRoutes.get(config);
  if (labels === undefined) {
    labels = new Map();
    usageRoutes.set(config, labels);
  }
  let label = labels.get(method);
  if (label === undefined) {
    label = `${method} ${config.url ?? 'unmatched'}`;
    labels.set(method, label);
  }
  return label;
}

type HookDone = (err?: Error) => void;

/**
 * Runs `start` and hands its answer to `then`, at once if it is a value, when it settles if a
 * promise; a throw or rejection goes to `done` (and `then` never runs).
 */
function step<T>(start: () => T | Promise<T>, done: HookDone, then: (value: T) => void): void {
  let value: T | Promise<T>;
  try {
    value = start();
  } catch (err) {
    done(err as Error);
    return;
  }
  const next = (v: T) => {
    try {
      then(v);
    } catch (err) {
      done(err as Error);
    }
  };
  if (value instanceof Promise) value.then(next, done);
  else next(value);
}

/**
 * The 403 for the route's scopes `principal` lacks, or undefined: the route's scope (the first of
 * a list it holds none of), its `alsoScope`, or both when it holds neither.
 */
function scopeError(principal: Principal, scope: Scope | readonly Scope[], also: Scope | undefined): AppError | undefined {
  const first = typeof scope === 'string' ? (principal.scopes.has(scope) ? undefined : scope) : scope.some((s) => principal.scopes.has(s)) ? undefined : scope[0];
  const second = also === undefined || principal.scopes.has(also) ? undefined : also;
  if (first === undefined) return second === undefined ? undefined : Errors.insufficientScope(second);
  return Errors.insufficientScope(first, second);
}

/** The principal of an authenticated route; routes call this instead of reading auth state by hand. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw Errors.missingToken();
  return req.principal;
}

/**
 * Authentication, rate limiting and scope checks for every API route, in that
 * order: an unknown caller gets 401 before anything else, a known one is counted
 * against its plan's budget, then its scopes are checked against the route's.
 * API keys and OAuth access tokens go through the same steps; only the budget differs
 * (the account's for keys, the account and application's for OAuth; `rateLimitKey`).
 */
export const authPlugin = fp(async (app: FastifyInstance, deps: AuthDeps) => {
  guardedBy(app, 'bearer');
  // Every request object has the field from construction, so setting it does not change the
  // object's shape: code V8 compiled for requests without a principal (a 401) stays valid for
  // requests with one.
  app.decorateRequest('principal', null);
  // A callback hook whose steps continue at once when their answer needs no I/O (a cached
  // credential, a count in memory) and after the promise otherwise: an async hook would cost
  // every request its promises and microtask turns.
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: HookDone) => {
    const config = routeConfigOf(req);
    if (config.auth === 'none' || config.url === undefined) return done();
    step(() => deps.authenticate(bearerToken(req.headers.authorization, req.raw.rawHeaders)), done, (principal) => {
      req.principal = principal;
      const limit = principal.plan === 'pro' ? deps.rateLimits.pro : deps.rateLimits.free;
      step(() => deps.limiter.check(principal.rateLimitKey, limit, deps.clock.nowMs()), done, (decision) => {
        reply.header('ratelimit-limit', decision.limit);
        reply.header('ratelimit-remaining', decision.remaining);
        reply.header('ratelimit-reset', decision.resetSeconds);
        if (!decision.allowed) return done(Errors.rateLimited(decision.resetSeconds));
        // A route whose body says which scope it needs names that one, once the body is read (`checkBodyScope`).
        const refused = config.scope === undefined || config.bodyScope !== undefined || config.scopeOfObject ? undefined : scopeError(principal, config.scope, config.alsoScope);
        done(refused);
      });
    });
  });

  const checkBodyScope = (req: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const config = routeConfigOf(req);
    const principal = req.principal;
    if (!principal) return done();
    const scope = config.bodyScope?.(req.body);
    if (scope !== undefined) return done(principal.scopes.has(scope) ? undefined : Errors.insufficientScope(scope));
    done(config.scope === undefined ? undefined : scopeError(principal, config.scope, config.alsoScope));
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.bodyScope) route.preValidation = [checkBodyScope, ...hooksOf(route.preValidation)];
  });

  app.addHook('onResponse', (req, reply, done) => {
    const p = req.principal;
    if (p) deps.usage.record(p, usageRouteOf(routeConfigOf(req), req.method), reply.statusCode, deps.clock.nowMs());
    done();
  });
});
