import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config/env'

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/** A destination for log lines (pino's DestinationStream): tests pass an in-memory one. */
export interface LogStream {
  write(line: string): void
}

/** Body and object fields that hold a secret, wherever they are logged (docs/decisions/0092-security-findings.md). */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'refresh_token',
  'access_token',
  'otp',
  'totp_secret',
  'secret',
  'api_key',
  'token',
  'ott',
]

/**
 * pino `redact` paths: the request's credentials headers, the response's cookies, and the secret fields at the top
 * level of a logged object, one level down (`{ body: { password } }`) and under req/res.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `req.body.${f}`]),
]

// Cheap pre-check: the scrubber's regexes run only on a line that contains one of these (case-insensitive).
const TRIGGER = /reset-password|bearer|token|password|secret|otp|api_key|ott|mk_|machine-key/i

const SCRUBBERS: [RegExp, string][] = [
  // Password-reset and activation links carry a one-time token valid for 24 h.
  [/(reset-password\/)[^\s/?#"'&]+/g, '$1[redacted]'],
  [/\b(Bearer|Token)\s+[A-Za-z0-9._~+/=-]+/g, '$1 [redacted]'],
  // Machines' API keys (issue 15), wherever they appear: generated ones and the demo ones.
  [/\bmk_[A-Za-z0-9]{8,}/g, '[redacted]'],
  [/\bdemo-machine-key-[A-Za-z0-9-]+/g, '[redacted]'],
  // `password=…` in a query string or a form body; `"password":"…"` in a JSON text.
  [
    /\b((?:new_|old_)?password|(?:refresh_|access_)?token|otp|ott|totp_secret|secret|api_key)=[^&\s"']*/gi,
    '$1=[redacted]',
  ],
  [
    /("(?:(?:new_|old_)?password|(?:refresh_|access_)?token|otp|ott|totp_secret|secret|api_key)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    '$1"[redacted]"',
  ],
]

/** Removes one-time tokens, bearer tokens and passwords from a log message. */
export function scrubSecrets(text: string): string {
  if (!TRIGGER.test(text)) return text
  let out = text
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement)
  return out
}

interface SerializableRequest {
  method: string
  url: string
  hostname?: string
  ip?: string
  socket?: { remotePort?: number }
  routeOptions?: { url?: string }
}

/**
 * The logger of buildApp: Fastify's request line carries the URL, and `/iam/reset-password/<ott>` is a secret
 * there, so the request serializer scrubs it; every message string goes through scrubSecrets; structured fields
 * through pino's redact.
 */
export function loggerOptions(config: Config, stream?: LogStream): false | LoggerOptions {
  if (config.logLevel === 'silent') return false
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: SerializableRequest) => ({
        method: req.method,
        url: scrubSecrets(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        for (let i = 0; i < args.length; i++) {
          const arg: unknown = args[i]
          if (typeof arg === 'string') args[i] = scrubSecrets(arg)
          else if (arg instanceof Error) scrubError(arg)
          else if (typeof arg === 'object' && arg !== null && 'err' in arg && arg.err instanceof Error)
            scrubError(arg.err)
        }
        method.apply(this, args)
      },
    },
  }
}

/** An error's message can quote the request (a URL, a header); scrubbed in place before it is serialized. */
function scrubError(err: Error) {
  const message = scrubSecrets(err.message)
  if (message !== err.message) {
    err.message = message
    if (err.stack) err.stack = scrubSecrets(err.stack)
  }
}
