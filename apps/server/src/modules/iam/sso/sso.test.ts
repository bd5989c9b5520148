import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config/env'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { TestProvider } from '../../../test-support/oidc-provider'
import { startTestProvider, TEST_ENTITY_CLAIM } from '../../../test-support/oidc-provider'
import { SsoClient, SsoUnavailable } from './sso-client'
import { SSO_CALLBACK_PATH, SSO_STATE_COOKIE } from './sso.routes'

const PORTAL = 'http://portal.test' // testConfig's publicUrl: the redirect URI the provider knows
const REDIRECT_URI = `${PORTAL}${SSO_CALLBACK_PATH}`
const CLIENT = { client_id: 'portal', client_secret: 'portal-secret', redirect_uris: [REDIRECT_URI] }
/** Another relying party of the same provider, whose codes and ID tokens are not for the portal. */
const OTHER = { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [REDIRECT_URI] }
const START = '/api/main/iam/sso/start'
const REFRESH = '/api/main/iam/refresh-token'
const email = (username: string) => `${username}@demo.operator-portal.test`

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie']
  return header === undefined ? [] : Array.isArray(header) ? header : [header]
}

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  const line = setCookies(response).find((l) => l.startsWith(`${name}=`))
  const value = line === undefined ? undefined : /^[^=]+=([^;]*)/.exec(line)?.[1]
  return value === undefined || value === '' ? undefined : decodeURIComponent(value)
}

/** A browser at the provider: follows its redirects with its cookies, and fills in the development login form. */
async function signInAtProvider(authorizeUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>()
  const headers = () => ({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') })
  const keep = (r: Response) => {
    for (const line of r.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  let url = authorizeUrl
  let form: URLSearchParams | null = null
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(REDIRECT_URI)) return url
    const r: Response = await fetch(url, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      headers: form ? { ...headers(), 'content-type': 'application/x-www-form-urlencoded' } : headers(),
      ...(form ? { body: form.toString() } : {}),
    })
    keep(r)
    form = null
    const location = r.headers.get('location')
    if (location !== null) {
      url = new URL(location, url).href
      continue
    }
    const html = await r.text()
    if (r.status !== 200) throw new Error(`provider answered ${String(r.status)}: ${html.slice(0, 300)}`)
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    if (action === undefined) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`)
    url = new URL(action, url).href
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' })
  }
  throw new Error('too many redirects at the provider')
}

describe.each(DIALECTS)('single sign-on with OpenID Connect on %s', (dialect) => {
  let t: TestApp
  let provider: TestProvider

  beforeAll(async () => {
    provider = await startTestProvider([CLIENT, OTHER])
    t = await createTestApp(dialect, {
      scale: 0.005,
      config: {
        oidc: {
          issuer: provider.issuer,
          clientId: CLIENT.client_id,
          clientSecret: CLIENT.client_secret,
          entityClaim: TEST_ENTITY_CLAIM,
        },
      },
    })
  }, 120_000)
  afterAll(async () => {
    await t.close()
    await provider.close()
  })

  /** Starts at the portal (optionally as another client), signs in at the provider, and answers the callback URL. */
  async function throughProvider(login: string, options: { next?: string; clientId?: string } = {}) {
    const start = await t.app.inject({
      method: 'GET',
      url: `${START}${options.next === undefined ? '' : `?next=${encodeURIComponent(options.next)}`}`,
    })
    expect(start.statusCode).toBe(302)
    const state = cookieOf(start, SSO_STATE_COOKIE)
    expect(state).toBeDefined()
    const authorize = new URL(start.headers.location as string)
    if (options.clientId !== undefined) authorize.searchParams.set('client_id', options.clientId)
    const callbackUrl = await signInAtProvider(authorize.href, login)
    return { callbackUrl, state: state ?? '' }
  }

  const callback = (callbackUrl: string, state: string) =>
    t.app.inject({
      method: 'GET',
      url: callbackUrl.slice(PORTAL.length),
      headers: { cookie: `${SSO_STATE_COOKIE}=${encodeURIComponent(state)}` },
    })

  const refreshWith = (cookie: string) =>
    call(t.app, 'POST', REFRESH, {
      body: { refresh_token: '' },
      headers: {
        cookie: `portal_refresh=${encodeURIComponent(cookie)}`,
        'x-portal-csrf': '1',
        'sec-fetch-site': 'same-origin',
      },
    })

  const failedLogins = async (reason: string) =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .where('action', '=', 'login_failed')
        .select('after')
        .execute()
    ).filter((r) => (r.after ?? '').includes(reason)).length

  it('tells the web that SSO is on, and nothing of its settings', async () => {
    const r = await call(t.app, 'GET', '/api/config')
    expect(r.body.sso_enabled).toBe(true)
    expect(JSON.stringify(r.body)).not.toMatch(/portal-secret|127\.0\.0\.1/)
  })

  it('starts the code flow with PKCE (S256), state and nonce, and keeps the attempt server-side', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${START}?next=/machines` })
    expect(start.statusCode).toBe(302)
    const url = new URL(start.headers.location as string)
    expect(url.origin).toBe(provider.issuer)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('client_id')).toBe('portal')
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('nonce')).toBeTruthy()
    const state = url.searchParams.get('state')
    expect(cookieOf(start, SSO_STATE_COOKIE)).toBe(state)
    const line = setCookies(start).find((l) => l.startsWith(`${SSO_STATE_COOKIE}=`)) ?? ''
    expect(line).toContain('HttpOnly')
    expect(line).toContain('SameSite=Lax')
    expect(line).toContain(`Path=${SSO_CALLBACK_PATH}`)
  })

  it('signs a matched user in: the session works through the refresh cookie, in the entity the provider names', async () => {
    provider.accounts.set('vera', {
      email: email('vending').toUpperCase(),
      email_verified: true,
      portal_entity: 'VEND',
    })
    const { callbackUrl, state } = await throughProvider('vera', { next: '/machines?status=1' })
    const done = await callback(callbackUrl, state)
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/machines?status=1')
    expect(cookieOf(done, 'portal_username')).toBe('vending')
    const refreshCookie = cookieOf(done, 'portal_refresh')
    expect(refreshCookie).toBeDefined()

    const refreshed = await refreshWith(refreshCookie ?? '')
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.data.entity_code).toBe('VEND')
    const entity = await call(t.app, 'GET', '/api/main/entity', { token: refreshed.body.data.token })
    expect(entity.status).toBe(200)
    const login = await t.database.db
      .selectFrom('audit_log')
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .select(['after', 'entity_code'])
      .executeTakeFirstOrThrow()
    expect(JSON.parse(login.after ?? '{}')).toEqual({ method: 'sso' })
    expect(login.entity_code).toBe('VEND')
  })

  it('falls back to / for a next that is not a path of the portal', async () => {
    provider.accounts.set('vera2', { email: email('vending'), email_verified: true, portal_entity: 'VEND' })
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const { callbackUrl, state } = await throughProvider('vera2', { next })
      const done = await callback(callbackUrl, state)
      expect(done.headers.location).toBe('/')
    }
  })

  it('refuses a code issued to another client (the wrong audience), and opens no session', async () => {
    provider.accounts.set('vera3', { email: email('vending'), email_verified: true, portal_entity: 'VEND' })
    const before = await failedLogins('sso:')
    const { callbackUrl, state } = await throughProvider('vera3', { clientId: OTHER.client_id })
    const done = await callback(callbackUrl, state)
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/login?sso_error=invalid_token')
    expect(cookieOf(done, 'portal_refresh')).toBeUndefined()
    expect(await failedLogins('sso:')).toBe(before + 1)
  })

  it('refuses a replayed callback: the second use of the same code and state opens no session', async () => {
    provider.accounts.set('vera4', { email: email('vending'), email_verified: true, portal_entity: 'VEND' })
    const { callbackUrl, state } = await throughProvider('vera4')
    const first = await callback(callbackUrl, state)
    expect(first.headers.location).toBe('/')
    const second = await callback(callbackUrl, state)
    expect(second.statusCode).toBe(302)
    expect(second.headers.location).toBe('/login?sso_error=expired')
    expect(cookieOf(second, 'portal_refresh')).toBeUndefined()
  })

  it('refuses a callback without the state cookie of the browser that started it', async () => {
    provider.accounts.set('vera5', { email: email('vending'), email_verified: true, portal_entity: 'VEND' })
    const { callbackUrl } = await throughProvider('vera5')
    const done = await callback(callbackUrl, 'someone-else')
    expect(done.headers.location).toBe('/login?sso_error=expired')
  })

  it('refuses an e-mail the provider has not verified', async () => {
    provider.accounts.set('unverified', {
      email: email('vending'),
      email_verified: false,
      portal_entity: 'VEND',
    })
    const { callbackUrl, state } = await throughProvider('unverified')
    const done = await callback(callbackUrl, state)
    expect(done.headers.location).toBe('/login?sso_error=unverified_email')
    expect(cookieOf(done, 'portal_refresh')).toBeUndefined()
  })

  it('refuses a user of another entity, and never creates a user', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('app_user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const users = await count()
    // cpo is a member of CPO only; the provider says VEND.
    provider.accounts.set('chandra', { email: email('cpo'), email_verified: true, portal_entity: 'VEND' })
    const a = await throughProvider('chandra')
    expect((await callback(a.callbackUrl, a.state)).headers.location).toBe('/login?sso_error=not_member')
    // An e-mail no portal user has.
    provider.accounts.set('stranger', {
      email: 'stranger@elsewhere.example',
      email_verified: true,
      portal_entity: 'VEND',
    })
    const b = await throughProvider('stranger')
    expect((await callback(b.callbackUrl, b.state)).headers.location).toBe('/login?sso_error=no_user')
    expect(await count()).toBe(users)
  })

  it('an entity that requires SSO turns its members’ password sign-in off; platform admins keep theirs', async () => {
    const owner = await loginAs(t.app, 'vending')
    const on = await call(t.app, 'PUT', '/api/main/iam/entities/VEND', {
      token: owner,
      body: { require_sso: true },
    })
    expect(on.status).toBe(200)
    expect(on.body.data.require_sso).toBe(true)
    try {
      const refused = await call(t.app, 'POST', '/api/main/iam/login', {
        body: { username: 'viewer', password: 'demo1234' },
      })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toMatch(/single sign-on/)
      // A wrong password says nothing about SSO.
      const wrong = await call(t.app, 'POST', '/api/main/iam/login', {
        body: { username: 'viewer', password: 'nope' },
      })
      expect(wrong.status).toBe(401)
      const admin = await loginAs(t.app, 'admin')
      const link = await call(t.app, 'POST', '/api/main/iam/users/reset-password-link', {
        token: admin,
        body: {
          user_uuid: (
            await t.database.db
              .selectFrom('app_user')
              .where('username', '=', 'viewer')
              .select('user_uuid')
              .executeTakeFirstOrThrow()
          ).user_uuid,
        },
      })
      expect(link.status).toBe(400)
      // SSO still signs them in.
      provider.accounts.set('weijie', { email: email('viewer'), email_verified: true, portal_entity: 'VEND' })
      const { callbackUrl, state } = await throughProvider('weijie')
      const done = await callback(callbackUrl, state)
      expect(done.headers.location).toBe('/')
      expect(cookieOf(done, 'portal_refresh')).toBeDefined()
    } finally {
      const off = await call(t.app, 'PUT', '/api/main/iam/entities/VEND', {
        token: await loginAs(t.app, 'admin'),
        body: { require_sso: false },
      })
      expect(off.status).toBe(200)
    }
    expect(
      (
        await call(t.app, 'POST', '/api/main/iam/login', {
          body: { username: 'viewer', password: 'demo1234' },
        })
      ).status,
    ).toBe(200)
  })
})

describe('the SSO configuration', () => {
  it('is on only with an issuer and a client id, and refuses a plain-http issuer in production', () => {
    expect(loadConfig({ PORTAL_OIDC_ISSUER: 'https://idp.example' }).oidc).toBeNull()
    const on = loadConfig({ PORTAL_OIDC_ISSUER: 'http://127.0.0.1:9', PORTAL_OIDC_CLIENT_ID: 'portal' }).oidc
    expect(on).toEqual({
      issuer: 'http://127.0.0.1:9',
      clientId: 'portal',
      clientSecret: '',
      entityClaim: null,
    })
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PORTAL_OIDC_ISSUER: 'http://idp.example',
        PORTAL_OIDC_CLIENT_ID: 'p',
      }),
    ).toThrow(/PORTAL_OIDC_ISSUER must be an https/)
  })
})

describe('the identity provider while it is down', () => {
  it('does not stop the portal: a sign-in is refused as unavailable, and tried again later', async () => {
    const logged: string[] = []
    const client = new SsoClient(
      { issuer: 'http://127.0.0.1:9', clientId: 'portal', clientSecret: 'x', entityClaim: null },
      (m) => logged.push(m),
    )
    await expect(client.configuration(Date.now())).rejects.toBeInstanceOf(SsoUnavailable)
    // Within the retry pause no request is made; after it, discovery is tried again.
    await expect(client.configuration(Date.now())).rejects.toThrow(/recently/)
    await expect(client.configuration(Date.now() + 60_000)).rejects.toThrow(/cannot be reached/)
    expect(logged.length).toBeGreaterThanOrEqual(1)
  })
})
