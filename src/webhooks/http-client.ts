import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { bareHostname, isForbiddenAddress, isLocalTarget, isLoopbackAddress } from './url.js';


/** How long after the attempt's own timeout undici's timers would end it, should ours not. */
const UNDICI_BACKSTOP_MS = 1_000;
export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface OutboundResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed; null on success. */
  error: string | null;
  responseBody: string | null;
  responseTruncated: boolean;
}

export interface OutboundClientOptions {
  timeoutMs: number;
  responseBodyBytes: number;
  allowPrivate: boolean;
  userAgent: string;
  /**
   * Loopback targets (`CCS_WEBHOOK_LOCAL_TARGETS`): `allow` (default) delivers and reports the
   * status and timing only, never the body or why a connection failed; `deny` never connects;
   * `trusted` reports them like any other target.
   */
  localTargets?: 'allow' | 'deny' | 'trusted';
  /** Name resolution (`dns.lookup`); a test gives a resolver of its own. */
  resolve?: DnsResolve;
}

/** `dns.lookup` with `all: true`, as the guarded connect-time look-ups call it. */
export type DnsResolve = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: DnsResolve = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** What a loopback target's failed attempt says, whatever the cause: no port map, no service names. */
export const LOCAL_CONNECTION_FAILED = 'connection failed';

/**
 * The loopback policy of contract section 6: what a local service answered (its body, where it
 * redirects) and why a connection failed (refused, reset, timed out) stay out of the log, so no
 * one reads or maps the server's own machine through it; the status and the timing of an answer
 * remain. A failed connection's timing would tell a closed port (refused at once) from a
 * listening one that does not speak HTTP (the timeout): `post` holds every failed local attempt
 * to the timeout, and it is logged as having taken exactly that.
 */
export function redactLocal(result: OutboundResult): OutboundResult {
  const { statusCode, ok } = result;
  let error: string | null = null;
  if (statusCode === null) error = LOCAL_CONNECTION_FAILED;
  else if (!ok) error = statusCode >= 300 && statusCode < 400 ? `redirect (${statusCode}) not followed` : `receiver answered ${statusCode}`;
  return { ...result, error, responseBody: null, responseTruncated: false };
}

export interface OutboundClient {
  post(req: OutboundRequest): Promise<OutboundResult>;
  close(): Promise<void>;
}

class ForbiddenAddressError extends Error {
  readonly code = 'EFORBIDDENADDRESS';
  // The address stays out of the message, which the delivery log shows: a user must not map the
  // service's internal names to addresses through it.
  constructor(host: string, _address: string) {
    super(`${host} resolves to a private, loopback or link-local address; refused`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * A `lookup` for net/tls.connect that screens the addresses a name resolves to: `refuse` answers
 * the error for an answer that may not be connected to, and `resolved` learns the addresses
 * used. It runs at connect time on the addresses actually used, so a DNS answer that changes
 * between validation and delivery (rebinding) cannot reach an internal host.
 */
function screenedLookup(resolve: DnsResolve, refuse: (hostname: string, addresses: LookupAddress[]) => Error | undefined, resolved?: (hostname: string, addresses: LookupAddress[]) => void): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refusal = refuse(hostname, addresses);
      if (refusal) return callback(refusal, []);
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      resolved?.(hostname, addresses);
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** Refuses when any answer is forbidden (private, loopback, link-local ...): connect may fall back to any of them. */
function forbiddenAnswer(hostname: string, addresses: LookupAddress[]): Error | undefined {
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  return bad ? new ForbiddenAddressError(hostname, bad.address) : undefined;
}

/** The connect-time guard of `https` targets when private addresses are not allowed. */
export const guardedLookup: Lookup = screenedLookup(systemResolve, forbiddenAnswer);

class LocalTargetsDeniedError extends Error {
  readonly code = 'EFORBIDDENADDRESS';
  constructor(host: string) {
    super(`${host} resolves to a loopback address, and local targets are turned off on this server (CCS_WEBHOOK_LOCAL_TARGETS=deny)`);
  }
}

/** undici's own deadlines, set to the same timeout as ours: whichever fires first, it is the one timeout. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function describeError(err: unknown, timedOut: boolean, timeoutMs: number): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = e.cause ?? e;
  const code = inner.code ?? e.code;
  if (timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) return `timeout: no response within ${timeoutMs} ms`;
  const message = (inner.message ?? e.message ?? String(err)).replace(/\0/g, '');
  switch (code) {
    case 'EFORBIDDENADDRESS':
      return message;
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DNS lookup failed (${code})`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'connection reset by the receiver';
    case 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL':
      return `TLS handshake failed: the receiver offers no protocol this server speaks (it may accept HTTP/2 only; deliveries use HTTP/1.1) (${code})`;
    default: {
      // OpenSSL's messages carry an error queue id, its source path and a line break: its reason alone.
      const reason = OPENSSL_REASON.exec(message)?.[1];
      if (reason !== undefined) return `TLS handshake failed: ${reason}${code ? ` (${code})` : ''}`;
      const line = message.replace(/\s*\n\s*/g, ' ').trim();
      return code ? `${line} (${code})` : line;
    }
  }
}

/** The reason in an OpenSSL error line ("...:error:0A000460:SSL routines:ssl3_read_bytes:<reason>:<file>:<line>:..."). */
const OPENSSL_REASON = /:error:[0-9A-Fa-f]+:[^:\n]*:[^:\n]*:([^:\n]+)/;

/**
 * The only way deliveries leave the process: POST, no redirects followed (a 3xx
 * is a failure), a hard deadline over connect + headers, response bodies read up
 * to a cap, and `https` targets checked against private ranges at connect time.
 * Plain `http` is only ever used for localhost/127.0.0.1, which the specification
 * allows explicitly.
 */
export function createOutboundClient(opts: OutboundClientOptions): OutboundClient {
  // The attempt's own timer (in `attempt`) decides when it times out. undici's timers are coarse
  // (a clock that ticks every ~half second, bumped by a fixed step whatever the real time), so
  // at the same value they fired up to ~80 ms early and cut a slow receiver short of the
  // timeout; they stay as a backstop a second later.
  const backstop = opts.timeoutMs + UNDICI_BACKSTOP_MS;
  const common = { keepAliveTimeout: 4_000, connectTimeout: backstop, headersTimeout: backstop, bodyTimeout: backstop };
  const resolve = opts.resolve ?? systemResolve;
  /**
   * With private targets allowed, names that resolved to a loopback address at connect time (the
   * connection a pooled request reuses was made then): the loopback policy is the address's, not
   * only the URL's, so `deny` cannot be bypassed with a name and `allow` keeps such a target's
   * log as bare as `127.0.0.1`'s.
   */
  const resolvedLocal = new Set<string>();
  const localPolicy = opts.localTargets ?? 'allow';
  const lookup = !opts.allowPrivate
    ? screenedLookup(resolve, forbiddenAnswer)
    : localPolicy === 'trusted'
      ? undefined
      : screenedLookup(
          resolve,
          (hostname, addresses) => (localPolicy === 'deny' && addresses.some((a) => isLoopbackAddress(a.address)) ? new LocalTargetsDeniedError(hostname) : undefined),
          (hostname, addresses) => {
            if (addresses.some((a) => isLoopbackAddress(a.address))) resolvedLocal.add(hostname);
            else resolvedLocal.delete(hostname);
          },
        );
  const secure = new Agent({ ...common, connect: lookup ? { lookup } : {} });
  const local = new Agent(common);

  async function post(req: OutboundRequest): Promise<OutboundResult> {
    const started = performance.now();
    const refused = (error: string): OutboundResult => ({
      ok: false,
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      error,
      responseBody: null,
      responseTruncated: false,
    });
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return refused('invalid URL');
    }
    // Refusals by policy, before any connection: they say why, since they reveal nothing of the target.
    const host = bareHostname(url);
    const isLocal = isLocalTarget(url);
    let dispatcher: Agent;
    if (isLocal && opts.localTargets === 'deny') {
      // Subscriptions made before the operator turned local targets off: never contacted again.
      return refused('local targets are turned off on this server (CCS_WEBHOOK_LOCAL_TARGETS=deny)');
    }
    if (url.protocol === 'https:') {
      // Literal addresses never go through `lookup`, so check them here.
      if (!opts.allowPrivate && net.isIP(host) && isForbiddenAddress(host)) return refused(`${host} is a private, loopback or link-local address; refused`);
      dispatcher = secure;
    } else if (url.protocol === 'http:' && (host === 'localhost' || host === '127.0.0.1')) {
      dispatcher = local;
    } else {
      return refused('plain http is only allowed for localhost and 127.0.0.1');
    }
    const result = await attempt(req, url, dispatcher, started);
    if (localPolicy === 'trusted' || !(isLocal || resolvedLocal.has(host))) return result;
    if (result.statusCode === null) {
      // A closed port fails at once, a listening non-HTTP one at the timeout: both take the timeout.
      const left = started + opts.timeoutMs - performance.now();
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      return redactLocal({ ...result, durationMs: opts.timeoutMs });
    }
    return redactLocal(result);
  }

  async function attempt(req: OutboundRequest, url: URL, dispatcher: Agent, started: number): Promise<OutboundResult> {
    const done = (r: Omit<OutboundResult, 'durationMs'>): OutboundResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { ...req.headers, 'user-agent': opts.userAgent },
        body: req.body,
        dispatcher,
        signal: controller.signal,
      });
      const statusCode = res.statusCode;
      // Decide on the status alone; the body is only for the log, read up to the cap.
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      try {
        for await (const chunk of res.body) {
          const buf = chunk as Buffer;
          const room = opts.responseBodyBytes - size;
          if (buf.length > room) {
            if (room > 0) chunks.push(buf.subarray(0, room));
            size += Math.max(room, 0);
            truncated = true;
            break;
          }
          chunks.push(buf);
          size += buf.length;
        }
      } catch {
        // A receiver that answered and then stalled or dropped the body still answered.
        truncated = true;
      } finally {
        if (!res.body.destroyed) res.body.destroy();
      }
      const text = Buffer.concat(chunks).toString('utf8').replace(/\0/g, '\uFFFD');
      const ok = statusCode >= 200 && statusCode < 300;
      let error: string | null = null;
      if (!ok) {
        if (statusCode >= 300 && statusCode < 400) {
          const location = res.headers.location;
          error = `redirect (${statusCode}) not followed${typeof location === 'string' ? `: Location ${location.slice(0, 500)}` : ''}`;
        } else {
          error = `receiver answered ${statusCode}`;
        }
      }
      return done({ ok, statusCode, error, responseBody: text, responseTruncated: truncated });
    } catch (err) {
      return done({ ok: false, statusCode: null, error: describeError(err, timedOut, opts.timeoutMs), responseBody: null, responseTruncated: false });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    post,
    async close() {
      await Promise.all([secure.close(), local.close()]);
    },
  };
}
