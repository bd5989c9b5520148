import type { Config } from '../config/env'

/**
 * Fastify's option from TRUST_PROXY (config/env.ts parses it). A hop count becomes the function Fastify itself
 * builds for a number (its types accept no number): trust the nearest `hops` addresses of X-Forwarded-For.
 */
export function trustProxyOption(
  trustProxy: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy
  return trustProxy
}
