import pino, { type LoggerOptions } from 'pino';

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
