// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- e2e imports this file, and its program does not include apps/server's declarations
/// <reference path="./oidc-provider.d.ts" />
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import type { Grant, KoaContextWithOIDC } from 'oidc-provider'

/** A test user as the identity provider knows them: their `sub` is the login typed at the provider. */
export interface ProviderAccount {
  email: string
  email_verified: boolean
  /** The entity claim (PORTAL_OIDC_ENTITY_CLAIM = `portal_entity`), when the provider names one. */
  portal_entity?: string
}

export const TEST_ENTITY_CLAIM = 'portal_entity'

export interface TestProvider {
  issuer: string
  /** The accounts by login; a test adds or changes them between sign-ins. */
  accounts: Map<string, ProviderAccount>
  close: () => Promise<void>
}

export interface TestClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
}

/**
 * A real OpenID provider (oidc-provider, in-memory adapter) on an ephemeral loopback port, for the SSO tests: its
 * development login form accepts any login with any password and signs that account in; consent is granted at
 * once (a first-party provider asks nothing). Never started by the server itself.
 */
export async function startTestProvider(clients: TestClient[]): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>()
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  const provider: Provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    cookies: { keys: ['test-provider-cookie-key'] },
    // The e-mail claims in the ID token itself, as many providers send them (the portal also reads userinfo).
    conformIdTokenClaims: false,
    claims: { openid: ['sub', TEST_ENTITY_CLAIM], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id)
      if (!account) return undefined
      return { accountId: id, claims: () => ({ sub: id, ...account }) }
    },
    loadExistingGrant: async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
      const clientId = ctx.oidc.client?.clientId
      const accountId = ctx.oidc.session?.accountId
      if (clientId === undefined || accountId === undefined) return undefined
      const grant: Grant = new provider.Grant({ accountId, clientId })
      grant.addOIDCScope('openid email profile')
      grant.addOIDCClaims([TEST_ENTITY_CLAIM])
      await grant.save()
      return grant
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
