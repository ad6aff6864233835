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

export const createLogger = (level: string) => pino(loggerOptions(level));
