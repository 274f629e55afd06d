import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger is pino, which says whether a level would be written. */
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child logger (the request id bound into every line)
 * only when a line is logged at an enabled level. Fastify asks for a child for every request,
 * and pino builds one eagerly (its bindings serialised, a new object chain): at the usual
 * `LOG_LEVEL=warn` or `info` with request logging quiet, almost no request logs anything.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    if (this.made === undefined) this.made = this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy request logger where the child would only bind the
 * request id; pino's own child where a route sets its own level or serialisers (none does
 * today), since those change what the child logs.
 */
export const lazyRequestLoggers: FastifyChildLoggerFactory = (logger, bindings, options) => {
  if (options.level !== undefined || options.serializers !== undefined || typeof (logger as Partial<Logger>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
};

/** Query parameters whose values are credentials or one-time secrets, whatever the route. */
const SECRET_PARAM = /token|secret|password|passwd|key|code|verifier|assertion|signature/i;

/** Anything shaped like one of the service's credentials: API keys, OAuth tokens and client secrets, webhook secrets. */
const CREDENTIAL = /ccs_|whsec_/i;

/** One run of `%XX` escapes decoded: as UTF-8, else byte by byte. */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * `text` as a server might read it: `+` as a space, each run of valid escapes decoded (an invalid
 * one left as it is, so it cannot shield the rest), and again for text encoded twice or thrice.
 */
function decoded(text: string): string {
  if (!text.includes('%')) return text;
  let out = text.replace(/\+/g, ' ');
  for (let round = 0; round < 3; round++) {
    const next = out.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeRun);
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * A request URL for the log: the values of query parameters that carry credentials (by name,
 * however encoded) are replaced, and so is any path segment or query part holding something
 * shaped like one of our credentials anywhere in it, encoded or not: a key or client secret
 * sent in a URL, even to a route that refuses it, never reaches the log.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  let changed = false;
  let safePath = path;
  if (CREDENTIAL.test(decoded(path))) {
    safePath = path
      .split('/')
      .map((segment) => (CREDENTIAL.test(decoded(segment)) ? '[redacted]' : segment))
      .join('/');
    changed = true;
  }
  if (q === -1) return changed ? safePath : url;
  const parts = url.slice(q + 1).split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    if (CREDENTIAL.test(decoded(part))) {
      parts[i] = eq === -1 || CREDENTIAL.test(decoded(name)) ? '[redacted]' : `${name}=[redacted]`;
      changed = true;
    } else if (value !== '' && SECRET_PARAM.test(decoded(name))) {
      parts[i] = `${name}=[redacted]`;
      changed = true;
    }
  }
  return changed ? `${safePath}?${parts.join('&')}` : url;
}

/** Fastify's request serializer for the log, with `redactUrl`. */
export function requestSerializer(req: FastifyRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
