import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LoggerOptions } from 'pino';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Credentials never reach the logs.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
    ],
  };
}

/**
 * The app's logger, writing to stdout asynchronously: lines logged while a write is under way go out
 * together in the next one, instead of one blocking write per line. pino flushes it on exit.
 */
export const createLogger = (level: string) =>
  pino(loggerOptions(level), pino.destination({ dest: 1, sync: false }));

type Log = FastifyBaseLogger;
const call = (fn: Log['info'], log: Log, args: unknown[]) =>
  (fn as (...a: unknown[]) => void).apply(log, args);

/**
 * A request's logger, made only when something is logged. Fastify gives every request a child logger
 * bound to its id, and pino's `child` serializes those bindings at once: ~5 % of a request that logs
 * nothing (health checks and the other quiet routes).
 */
class LazyChild {
  #real: Log | undefined;
  constructor(
    private readonly parent: Log,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}
  get #log(): Log {
    this.#real ??= this.parent.child(this.bindings, this.opts);
    return this.#real;
  }
  get level() {
    return this.#real?.level ?? this.opts.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#log.level = level;
  }
  // Methods on the prototype, not arrow fields: nothing is allocated per request but the object.
  fatal(...args: unknown[]) {
    call(this.#log.fatal, this.#log, args);
  }
  error(...args: unknown[]) {
    call(this.#log.error, this.#log, args);
  }
  warn(...args: unknown[]) {
    call(this.#log.warn, this.#log, args);
  }
  info(...args: unknown[]) {
    call(this.#log.info, this.#log, args);
  }
  debug(...args: unknown[]) {
    call(this.#log.debug, this.#log, args);
  }
  trace(...args: unknown[]) {
    call(this.#log.trace, this.#log, args);
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions): Log {
    return this.#log.child(bindings, opts);
  }
}

/** Fastify's `childLoggerFactory`: the per-request logger, created on first use. */
export const lazyChildLogger = (parent: Log, bindings: Bindings, opts: ChildLoggerOptions): Log =>
  new LazyChild(parent, bindings, opts) as unknown as Log;
