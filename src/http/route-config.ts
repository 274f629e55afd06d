import type { FastifyRequest } from 'fastify';

type RouteConfig = FastifyRequest['routeOptions']['config'];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `routeConfigOf` on first use. */
    routeConfigRead?: FastifyRequest['routeOptions']['config'];
  }
}

/**
 * The matched route's config (with its `url` and `method`). Fastify builds a new
 * `routeOptions` object, a dozen fields, on every read of it; the hooks of one request
 * (auth, ETags, usage, metrics) share one read instead of making five.
 */
export function routeConfigOf(req: FastifyRequest): RouteConfig {
  let config = req.routeConfigRead;
  if (config === undefined) {
    config = req.routeOptions.config;
    req.routeConfigRead = config;
  }
  return config;
}

/** A route's hooks of one kind as a list (Fastify takes one function or an array), for onRoute hooks that add their own. */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
