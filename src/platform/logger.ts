import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Credentials and personal data never reach logs (DESIGN.md, "Upstream clients"): these paths are censored wherever
 * they appear in a log object.
 */
const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers["carrier-api-key"]',
  '*.headers["carrier-api-key"]',
  'password',
  '*.password',
  'clientSecret',
  '*.clientSecret',
  'client_secret',
  'apiKey',
  '*.apiKey',
  'accessToken',
  'access_token',
  'secret',
  '*.secret',
  'validationSecret',
  '*.validationSecret',
  'address',
  '*.address',
  'recipient',
  'shipper',
  'name',
];

export function createLogger(level: string = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'carrier-subgraph' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Strips the password of a connection URL before it is logged. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.username) parsed.username = parsed.username ? '***' : '';
    return parsed.toString();
  } catch {
    return '[unparseable url]';
  }
}
