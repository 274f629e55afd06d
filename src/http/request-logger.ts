import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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
