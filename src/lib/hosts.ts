/** Host names as the `Host` header and `CCS_ALLOWED_HOSTS` write them (see src/http/trusted-hosts.ts). */

/** A `Host` value in the form the URL parser gives it (lower case, default port dropped); undefined when it is not a bare host. */
export function normaliseHost(value: string): string | undefined {
  if (value.length === 0 || value.length > 300 || /[\s/?#@\\]/.test(value)) return undefined;
  const url = URL.parse(`http://${value}`);
  return url && url.pathname === '/' && !url.search && !url.hash ? url.host : undefined;
}

/** The loopback names a server listening on `host:port` answers to, in order of preference. */
export function defaultAllowedHosts(listenHost: string, port: number): string[] {
  const names: string[] = [];
  const wildcard = listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '';
  const own = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  if (!wildcard) names.push(own);
  names.push('127.0.0.1', 'localhost');
  if (listenHost === '::' || listenHost === '::1') names.push('[::1]');
  const out: string[] = [];
  for (const name of names) {
    const host = normaliseHost(`${name}:${port}`);
    if (host && !out.includes(host)) out.push(host);
  }
  return out;
}

/** Parses `CCS_ALLOWED_HOSTS` entries; throws on an entry that is not `host` or `host:port`. */
export function parseAllowedHosts(raw: string): string[] {
  const out: string[] = [];
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const host = normaliseHost(entry);
    if (!host) throw new Error(`"${entry}" is not a host or host:port`);
    if (!out.includes(host)) out.push(host);
  }
  if (out.length === 0) throw new Error('lists no host');
  return out;
}
