// oidc-provider ships no types; only what the tests use (test-support/oidc-provider.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  export interface ClientMetadata {
    client_id: string
    client_secret?: string
    redirect_uris: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
  }
  export interface Account {
    accountId: string
    claims: (use: string, scope: string) => Record<string, unknown> | Promise<Record<string, unknown>>
  }
  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  export interface KoaContextWithOIDC {
    oidc: { client?: { clientId: string }; session?: { accountId?: string } }
  }
  export interface Configuration {
    clients?: ClientMetadata[]
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined
    claims?: Record<string, string[]>
    features?: Record<string, { enabled: boolean }>
    pkce?: { required?: () => boolean }
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>
    cookies?: { keys?: string[] }
    jwks?: { keys: Record<string, unknown>[] }
    conformIdTokenClaims?: boolean
    renderError?: (ctx: { type: string; body: string }, out: Record<string, unknown>, error: Error) => void
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    Grant: new (properties: { accountId: string; clientId: string }) => Grant
    proxy: boolean
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
