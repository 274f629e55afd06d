import net from 'node:net';
import ipaddr from 'ipaddr.js';

export const MAX_URL_LENGTH = 2048;

/** Hosts the specification allows over plain HTTP, compared exactly as written. */
const LOCAL_HTTP_HOSTS = new Set(['localhost', '127.0.0.1']);

// Cloud metadata endpoints that are not caught by the range check (they sit in public-looking space).
const METADATA_ADDRESSES = new Set(['192.0.0.192']);

/**
 * True when `ip` is anything but ordinary public unicast: private, loopback,
 * link-local (cloud metadata lives at 169.254.169.254), carrier-grade NAT,
 * multicast, reserved, and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4).
 */
export function isForbiddenAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (METADATA_ADDRESSES.has(addr.toString())) return true;
  return addr.range() !== 'unicast';
}

/** The host of a URL as written, without brackets (`[::1]` -> `::1`). */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Why a subscription URL is unacceptable, or undefined when it is fine.
 * Rules (contract section 6): absolute; `https`, or `http` only when the host is
 * exactly `localhost` or `127.0.0.1`. Beyond that we refuse what could never be
 * delivered: credentials in the URL, and (unless the operator allows private
 * targets) `https` to a literal private address or to `localhost`.
 */
export function webhookUrlProblem(raw: string, opts: { allowPrivate: boolean }): string | undefined {
  if (raw.length === 0) return 'is required';
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  if (raw !== raw.trim()) return 'must not start or end with whitespace';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL, such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https';
  if (url.username || url.password) return 'must not contain credentials; deliveries are authenticated by their signature';
  if (url.hash) return 'must not contain a fragment';
  if (url.protocol === 'http:') {
    // The WHATWG parser turns `127.1` or `0x7f.1` into 127.0.0.1; "exactly" means as written.
    const written = /^http:\/\/([^/?#:]*)/i.exec(raw)?.[1]?.toLowerCase();
    if (!written || !LOCAL_HTTP_HOSTS.has(written)) return 'must use https; plain http is accepted only for localhost and 127.0.0.1';
    return undefined;
  }
  const host = bareHostname(url);
  if (!host) return 'must name a host';
  if (!opts.allowPrivate) {
    if (net.isIP(host) && isForbiddenAddress(host)) return 'must not point at a private, loopback or link-local address';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'must be publicly reachable; use http://localhost for local testing';
  }
  return undefined;
}
