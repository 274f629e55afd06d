import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { defaultAllowedHosts, normaliseHost } from '../lib/hosts.js';

/**
 * Which host names this server answers as, and so may put in links it hands out (problem `type`
 * URIs, the OAuth issuer) and accept as the origin of a portal form. The `Host` and `Origin`
 * headers are the client's to choose: a request naming a host the operator did not configure
 * gets links built from the configured base, and a form from it is refused.
 *
 * Trusted: `CCS_PUBLIC_URL`'s origin, plus `CCS_ALLOWED_HOSTS` (`host` or `host:port` entries),
 * or, when that is unset, the loopback names of the listening port (`localhost:<port>`,
 * `127.0.0.1:<port>`, and `HOST` itself when it names one address).
 */
export interface TrustedHosts {
  /** Base URL for links in the answer to `req`: CCS_PUBLIC_URL, else the request's own when trusted, else the first trusted host. */
  baseFor(req: FastifyRequest): string;
  /** Base URL for an answer that has no parsed request (Node's `clientError`): CCS_PUBLIC_URL, else the first trusted host. */
  baseForPort(localPort: number | undefined): string;
  /** Whether a browser `Origin` (`scheme://host[:port]`) is one of ours. */
  isTrustedOrigin(origin: string, req: FastifyRequest): boolean;
  /** The same, for a connection accepted on `localPort` (code that has no Fastify request). */
  isTrustedOriginOnPort(origin: string, localPort: number | undefined): boolean;
}

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

const built = new WeakMap<Pick<Config, 'publicUrl' | 'allowedHosts' | 'host'>, TrustedHosts>();

/** The trusted hosts of a configuration (built once per configuration object). */
export function trustedHosts(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'host'>): TrustedHosts {
  let trusted = built.get(config);
  if (!trusted) {
    trusted = createTrustedHosts(config);
    built.set(config, trusted);
  }
  return trusted;
}

export function createTrustedHosts(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'host'>): TrustedHosts {
  const publicUrl = config.publicUrl ? withoutTrailingSlash(config.publicUrl) : undefined;
  const publicOrigin = publicUrl ? URL.parse(publicUrl)?.origin : undefined;
  const explicit = config.allowedHosts;
  // The listening port is the socket's, known per connection (a server started on port 0 learns it late).
  const byPort = new Map<number, string[]>();
  function allowed(localPort: number | undefined): string[] {
    if (explicit) return explicit;
    const port = localPort ?? 0;
    let hosts = byPort.get(port);
    if (!hosts) {
      hosts = defaultAllowedHosts(config.host, port);
      if (byPort.size < 16) byPort.set(port, hosts);
    }
    return hosts;
  }
  const first = (localPort: number | undefined) => `http://${allowed(localPort)[0] ?? 'localhost'}`;

  return {
    baseFor(req) {
      if (publicUrl) return publicUrl;
      const hosts = allowed(req.socket?.localPort);
      const host = typeof req.host === 'string' ? normaliseHost(req.host) : undefined;
      return host && hosts.includes(host) ? `${req.protocol}://${host}` : first(req.socket?.localPort);
    },
    baseForPort(localPort) {
      return publicUrl ?? first(localPort);
    },
    isTrustedOrigin(origin, req) {
      return this.isTrustedOriginOnPort(origin, req.socket?.localPort);
    },
    isTrustedOriginOnPort(origin, localPort) {
      if (origin === publicOrigin) return true;
      const url = URL.parse(origin);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return false;
      return allowed(localPort).includes(url.host);
    },
  };
}
