import type { Config } from '../config/env'
import type { Db } from '../db/database'
import { DatabaseLoginLimiter } from './login-limiter-db'
import { FallbackLoginLimiter, RedisLoginLimiter } from './login-limiter-redis'
import type { LoginLimiter, ThrottleRules } from './login-throttle'
import { DEFAULT_RULES } from './login-throttle'

/** A limiter, or only the rules (tests with small limits) for the one the configuration picks. */
export type LimiterOption = LoginLimiter | ThrottleRules

function isLimiter(option: LimiterOption): option is LoginLimiter {
  return 'retryAfterS' in option
}

/**
 * The login limiter the configuration picks: Redis (falling back to the database while Redis fails) when
 * REDIS_URL is set, else the database. Either way every instance counts the same failures.
 */
export function createLoginLimiter(
  db: Db,
  config: Pick<Config, 'redisUrl'>,
  option: LimiterOption = DEFAULT_RULES,
  warn: (message: string) => void = () => undefined,
): LoginLimiter {
  if (isLimiter(option)) return option
  const database = new DatabaseLoginLimiter(db, option)
  if (config.redisUrl === null) return database
  let lastWarning = 0
  return new FallbackLoginLimiter(
    RedisLoginLimiter.connect(config.redisUrl, { rules: option }),
    database,
    (err) => {
      // One line a minute at most while Redis is down, not one per sign-in.
      const now = Date.now()
      if (now - lastWarning < 60_000) return
      lastWarning = now
      warn(
        `Login limits: Redis failed, counting in the database (${err instanceof Error ? err.message : String(err)})`,
      )
    },
  )
}
