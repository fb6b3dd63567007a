import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs (pino). Secrets and one-time codes are redacted wherever they appear. */
export function createLogger(level: string, name = 'shop'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['*.password', '*.otp', '*.code', '*.token', 'req.headers.authorization', '*.newPass', '*.confirmPass'],
      censor: '[redacted]',
    },
  });
}
