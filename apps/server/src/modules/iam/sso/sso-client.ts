import * as oidc from 'openid-client'
import type { OidcConfig } from '../../../config/env'

/** How long after a failed discovery the next sign-in tries again (a provider that is down is not hammered). */
export const DISCOVERY_RETRY_MS = 5_000

export class SsoUnavailable extends Error {}

/**
 * The identity provider as openid-client (a certified relying party library) sees it. Discovery happens on the
 * first sign-in, not at start-up, so the portal starts while the provider is down; a failed discovery is tried
 * again by a later sign-in. A plain-http issuer is accepted only outside production (the configuration refuses it
 * there).
 */
export class SsoClient {
  private config: Promise<oidc.Configuration> | null = null
  private failedAt = 0

  constructor(
    readonly settings: OidcConfig,
    private readonly log: (message: string) => void,
  ) {}

  async configuration(now = Date.now()): Promise<oidc.Configuration> {
    if (this.config === null) {
      if (now - this.failedAt < DISCOVERY_RETRY_MS) throw new SsoUnavailable('discovery failed recently')
      const { issuer, clientId, clientSecret } = this.settings
      const insecure = issuer.startsWith('http://')
      this.config = oidc.discovery(
        new URL(issuer),
        clientId,
        clientSecret === '' ? undefined : clientSecret,
        clientSecret === '' ? oidc.None() : undefined,
        // A plain-http issuer exists only outside production (loadConfig refuses it there): tests, local providers.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; see above
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      this.config.catch((err: unknown) => {
        this.config = null
        this.failedAt = Date.now()
        this.log(`SSO discovery at ${issuer} failed: ${err instanceof Error ? err.message : String(err)}`)
      })
    }
    try {
      return await this.config
    } catch (err) {
      throw new SsoUnavailable('the identity provider cannot be reached', { cause: err })
    }
  }
}
