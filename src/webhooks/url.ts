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
  // The deprecated IPv4-compatible form (::/96, `::127.0.0.1`), which ipaddr.js calls unicast.
  else if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return true;
  if (METADATA_ADDRESSES.has(addr.toString())) return true;
  return addr.range() !== 'unicast';
}

/** The host of a URL as written, without brackets (`[::1]` -> `::1`). */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** What the operator allows of subscription URLs (`CCS_WEBHOOK_ALLOW_PRIVATE`, `CCS_WEBHOOK_LOCAL_TARGETS`). */
export interface UrlPolicy {
  allowPrivate: boolean;
  /** `deny` refuses loopback targets; `allow` and `trusted` accept them (they differ in what the delivery log keeps). */
  localTargets?: 'allow' | 'deny' | 'trusted';
}

/**
 * A loopback target: `localhost` (or a name under it) or a loopback address. Deliveries to one
 * reach services on the server's own machine, so the delivery log keeps no response body and no
 * cause of failure for it (contract section 6), and `CCS_WEBHOOK_LOCAL_TARGETS=deny` refuses it.
 */
export function isLocalTarget(url: URL): boolean {
  const host = bareHostname(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && isLoopbackAddress(host);
}

/** An address that reaches the server's own machine: loopback, or unspecified (`0.0.0.0` connects locally), mapped IPv4 forms included. */
export function isLoopbackAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'loopback' || addr.range() === 'unspecified';
}

// C0 controls, DEL and C1 controls: never part of a URL anyone means to type.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** `scheme://authority`: the form every acceptable URL is written in, before the WHATWG parser forgives anything. */
const SCHEME_AUTHORITY = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\\]+)/i;

export type UrlCheck = { ok: true; url: string } | { ok: false; problem: string };

/**
 * Checks a subscription URL and gives its normalised form (WHATWG URL serialisation: lower-case
 * scheme and host, default port dropped, IDN hosts in punycode, path percent-encoded), which is
 * what is stored and delivered to. Rules (contract section 6): written as `scheme://authority...`;
 * `https`, or `http` only when the host is written exactly `localhost` or `127.0.0.1`; no
 * credentials, no fragment, no control characters, port 1..65535. Beyond that we refuse what
 * could never be delivered or would reach the server's own network: host names ending in a dot
 * (`localhost.` resolves like `localhost`), and (unless the operator allows private targets)
 * `https` to a literal private address or to `localhost`.
 */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlCheck {
  const no = (problem: string): UrlCheck => ({ ok: false, problem });
  if (raw.length === 0) return no('is required');
  if (raw.length > MAX_URL_LENGTH) return no(`must be at most ${MAX_URL_LENGTH} characters`);
  if (CONTROL.test(raw)) return no('must not contain control characters');
  if (raw !== raw.trim()) return no('must not start or end with whitespace');
  const written = SCHEME_AUTHORITY.exec(raw);
  if (!written) return no('must be an absolute URL written as https://host/path, such as https://example.com/webhooks');
  const [, scheme = '', authority = ''] = written;
  // The WHATWG parser reads `\\` as `/` in http(s) URLs; other parsers do not. One reading only.
  if (raw.includes('\\')) return no('must not contain backslashes');
  // Said before the parser refuses the whole URL: the port is what is wrong (`:65536`, `:http`).
  if (authority.includes('@')) return no('must not contain credentials; deliveries are authenticated by their signature');
  const port = /:([^:\]]*)$/.exec(authority)?.[1];
  if (port !== undefined && port !== '' && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) return no('must use a port from 1 to 65535');
  // As written: the parser drops an IPv4 address's trailing dot (`127.0.0.1.` reads as 127.0.0.1).
  const writtenHost = authority.replace(/:\d*$/, '').toLowerCase();
  if (writtenHost.endsWith('.')) return no('must not end the host name with a dot');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return no('must be an absolute URL, such as https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return no('must use https');
  if (authority.includes('@') || url.username || url.password) return no('must not contain credentials; deliveries are authenticated by their signature');
  if (raw.includes('#')) return no('must not contain a fragment');
  const host = bareHostname(url);
  if (!host || authority.startsWith(':')) return no('must name a host');
  if (url.port === '0' || /:0+$/.test(authority)) return no('must use a port from 1 to 65535');
  if (host.endsWith('.')) return no('must not end the host name with a dot');
  const local = isLocalTarget(url);
  if (local && policy.localTargets === 'deny') return no('must not point at this server\'s own machine: local targets are turned off here (CCS_WEBHOOK_LOCAL_TARGETS=deny)');
  if (scheme.toLowerCase() === 'http') {
    // The WHATWG parser turns `127.1` or `0x7f.1` into 127.0.0.1; "exactly" means as written.
    if (!LOCAL_HTTP_HOSTS.has(writtenHost)) return no('must use https; plain http is accepted only for localhost and 127.0.0.1');
    return stored(url.href);
  }
  if (!policy.allowPrivate) {
    if (net.isIP(host) && isForbiddenAddress(host)) return no('must not point at a private, loopback or link-local address');
    if (host === 'localhost' || host.endsWith('.localhost')) return no('must be publicly reachable; use http://localhost for local testing');
  }
  return stored(url.href);
}

/**
 * The limit holds for the URL as stored, percent-encoded: `é` is 6 characters there. Checked on
 * the input alone, a URL was stored that its own GET could not send back in a PATCH.
 */
function stored(href: string): UrlCheck {
  if (href.length > MAX_URL_LENGTH) return { ok: false, problem: `must be at most ${MAX_URL_LENGTH} characters once percent-encoded (this one is ${href.length})` };
  return { ok: true, url: href };
}

/** Why a subscription URL is unacceptable, or undefined when it is fine (see `checkWebhookUrl`). */
export function webhookUrlProblem(raw: string, policy: UrlPolicy): string | undefined {
  const check = checkWebhookUrl(raw, policy);
  return check.ok ? undefined : check.problem;
}
