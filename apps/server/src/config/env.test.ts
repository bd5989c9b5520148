import { describe, expect, it } from 'vitest'
import { loadConfig, resolveDatabaseUrl } from './env'

describe('configuration', () => {
  it('has the defaults of DESIGN.md', () => {
    const c = loadConfig({})
    expect(c.port).toBe(3000)
    expect(c.host).toBe('127.0.0.1')
    expect(c.portalEnv).toBe('dev')
    expect(c.databaseUrl).toMatch(/^sqlite:\/.+\/data\/portal\.sqlite$/)
    expect(c.seedDemo).toBe(true)
    expect(c.webDist).toMatch(/apps\/web\/dist$/)
  })

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false)
  })

  it.each([
    ['sqlite:./data/x.sqlite', 'sqlite:/repo/data/x.sqlite'],
    ['sqlite:/abs/x.sqlite', 'sqlite:/abs/x.sqlite'],
    ['sqlite::memory:', 'sqlite::memory:'],
    ['postgres://u@h:5432/db', 'postgres://u@h:5432/db'],
  ])('resolves %s against the repository root → %s', (url, expected) => {
    expect(resolveDatabaseUrl(url, '/repo')).toBe(expected)
  })

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ PORTAL_ENV: 'qa' })).toThrow(/PORTAL_ENV/)
  })

  it('takes an SMTP URL for alert e-mails, and never repeats a bad one (it may hold a password)', () => {
    expect(loadConfig({ PORTAL_SMTP_URL: 'smtps://u:p@mail.example:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example:465',
    )
    expect(loadConfig({}).smtpUrl).toBeNull()
    expect(() => loadConfig({ PORTAL_SMTP_URL: 'http://u:s3cret@x' })).toThrow(/PORTAL_SMTP_URL/)
    expect(() => loadConfig({ PORTAL_SMTP_URL: 'http://u:s3cret@x' })).not.toThrow(/s3cret/)
  })

  it('shortens alert minutes only in test mode', () => {
    expect(loadConfig({ PORTAL_TEST_ALERT_MINUTE_MS: '1000' }).alertMinuteMs).toBe(60_000)
    expect(loadConfig({ PORTAL_TEST_MODE: '1', PORTAL_TEST_ALERT_MINUTE_MS: '1000' }).alertMinuteMs).toBe(
      1000,
    )
    expect(
      loadConfig({ NODE_ENV: 'production', PORTAL_TEST_MODE: '1', PORTAL_TEST_ALERT_MINUTE_MS: '1000' })
        .alertMinuteMs,
    ).toBe(60_000)
  })
})
