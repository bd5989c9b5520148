import { Language, LANGUAGE_COOKIE_DAYS } from '@portal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n, LANGUAGE_COOKIE, LANGUAGES, resources, savedLanguage, setLanguage } from '@/lib/i18n'
import { getCookie, removeCookie } from '@/lib/cookies'

type Tree = Record<string, unknown>

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as Tree, `${prefix}${key}.`),
  )
}

const english = leaves(resources.en.common)

afterEach(async () => {
  await setLanguage('en')
  removeCookie(LANGUAGE_COOKIE)
  vi.restoreAllMocks()
})

describe('locale files', () => {
  it.each(LANGUAGES.map((language) => language.code))(
    '%s has exactly the English keys, none empty',
    (code) => {
      const translated = leaves(resources[code].common)
      expect(translated.map(([key]) => key).sort()).toEqual(english.map(([key]) => key).sort())
      for (const [key, text] of translated) expect(text.trim(), key).not.toBe('')
    },
  )

  it('offers the four languages, each named in its own script', () => {
    expect(LANGUAGES).toEqual([
      { code: 'en', label: 'English' },
      { code: 'zh', label: '中文' },
      { code: 'ms', label: 'Bahasa Melayu' },
      { code: 'ta', label: 'தமிழ்' },
    ])
    expect(LANGUAGES.map((language) => language.code).sort()).toEqual(Object.values(Language).sort())
  })
})

describe('setLanguage', () => {
  it('starts in English', () => {
    expect(i18n.language).toBe('en')
    expect(i18n.t('ui.loading')).toBe('Loading')
  })

  it('switches the language and keeps it in the portal_lang cookie for the configured days', async () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set')
    const before = Date.now()
    await setLanguage('zh')

    expect(i18n.language).toBe('zh')
    expect(i18n.t('ui.loading')).toBe('加载中')
    expect(document.documentElement.lang).toBe('zh')
    expect(getCookie(LANGUAGE_COOKIE)).toBe('zh')

    const written = cookieWrites.mock.calls
      .map(([value]) => value)
      .find((w) => w.startsWith(`${LANGUAGE_COOKIE}=zh`))
    expect(written).toContain('path=/')
    expect(written).toContain('SameSite=Lax')
    const expires = Date.parse(/expires=([^;]+)/.exec(written ?? '')?.[1] ?? '')
    const days = (expires - before) / 86_400_000
    expect(days).toBeGreaterThan(LANGUAGE_COOKIE_DAYS - 1)
    expect(days).toBeLessThanOrEqual(LANGUAGE_COOKIE_DAYS)
  })
})

describe('savedLanguage', () => {
  it('is the language saved in the cookie', () => {
    document.cookie = `${LANGUAGE_COOKIE}=ms; path=/`
    expect(savedLanguage()).toBe('ms')
  })

  it('is English with no cookie or an unknown saved language', () => {
    expect(savedLanguage()).toBe('en')
    document.cookie = `${LANGUAGE_COOKIE}=xx; path=/`
    expect(savedLanguage()).toBe('en')
  })
})
