import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { Errors } from '../errors.js';
import { trustedHosts } from '../http/trusted-hosts.js';
import type { Clock } from '../lib/clock.js';
import { SESSION_IDLE_MS, type PortalService, type ResolvedSession } from './service.js';

export const SESSION_COOKIE = 'ccs_session';
/** Before sign-in there is no session to bind a CSRF token to; this random cookie stands in. */
export const PRE_SESSION_COOKIE = 'ccs_csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Portal routes: `session` needs a signed-in browser, `anonymous` does not. */
    portal?: 'session' | 'anonymous';
  }
  interface FastifyRequest {
    portalSession?: ResolvedSession;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


/**
 * The CSRF token is a one-way function of the cookie's secret: the page can hold it
 * without holding the session token, and the server needs no extra storage to check it.
 */
export function csrfTokenFor(secret: string): string {
  return createHash('sha256').update(`ccs-portal-csrf\u0000${secret}`).digest('base64url');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isSecure(config: Config): boolean {
  return !!config.publicUrl && config.publicUrl.startsWith('https:');
}

export function cookieOptions(config: Config, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: string, nowMs: number): void {
  const maxAge = Math.max(1, Math.floor((Date.parse(expiresAt) - nowMs) / 1000));
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, Math.min(maxAge, SESSION_IDLE_MS / 1000)));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** The pre-session secret, created on first sight so the sign-in form can be protected too. */
export function ensurePreSessionSecret(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = req.cookies[PRE_SESSION_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const secret = randomBytes(32).toString('base64url');
  reply.setCookie(PRE_SESSION_COOKIE, secret, cookieOptions(config));
  return secret;
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Browsers always name the origin of a cross-site POST (Origin, else Referer, and
 * Sec-Fetch-Site); a request without any of them is not from a browser page, and the
 * token check below still applies to it.
 */
export function checkOrigin(req: FastifyRequest, config: Config): void {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw Errors.csrfFailed('Cross-site requests to the portal are refused.');
  const referer = req.headers.referer;
  // A Referer no URL parser reads names no trusted origin: refused, not taken for an absent one.
  const origin = req.headers.origin ?? (typeof referer === 'string' ? (originOf(referer) ?? 'an unreadable Referer') : undefined);
  if (origin === undefined) return;
  // Only configured hosts: CCS_PUBLIC_URL, CCS_ALLOWED_HOSTS or the listening port's loopback names,
  // never whatever Host the request named (see http/trusted-hosts.ts).
  if (!trustedHosts(config).isTrustedOrigin(origin, req)) throw Errors.csrfFailed(`Requests from ${origin} are refused.`);
}

/**
 * Resolves the session cookie and enforces CSRF protection for every portal API route:
 * the Origin check, then the token in `X-CSRF-Token`, on every POST, PUT, PATCH and DELETE.
 */
export function portalGuard(portal: PortalService, config: Config, clock: Clock) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const mode = req.routeOptions.config.portal;
    if (!mode) return;
    const token = req.cookies[SESSION_COOKIE];
    const session = token ? await portal.resolve(token) : undefined;
    if (token && !session) clearSessionCookie(reply, config);
    if (session) {
      req.portalSession = session;
      if (session.renewed && token) setSessionCookie(reply, config, token, session.expiresAt, clock.now().getTime());
    }
    if (mode === 'session' && !session) throw Errors.notSignedIn();

    if (!UNSAFE.has(req.method)) return;
    checkOrigin(req, config);
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || sent.length === 0) {
      throw Errors.csrfFailed('Send the token from GET /portal/api/session in the X-CSRF-Token header.');
    }
    const expected: string[] = [];
    if (session && token) expected.push(csrfTokenFor(token));
    const pre = req.cookies[PRE_SESSION_COOKIE];
    // Only sign-in and sign-up may use the pre-session token; everything else needs the session's.
    if (mode === 'anonymous' && pre) expected.push(csrfTokenFor(pre));
    if (!expected.some((e) => sameToken(e, sent))) throw Errors.csrfFailed('The X-CSRF-Token header does not match this session; reload the page.');
  };
}
