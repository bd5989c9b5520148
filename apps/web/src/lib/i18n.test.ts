import { Language, LANGUAGE_COOKIE_DAYS } from '@portal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  i18n,
  LANGUAGE_COOKIE,
  LANGUAGES,
  loadLanguageResources,
  loadScreenStrings,
  savedLanguage,
  setLanguage,
} from '@/lib/i18n'
import { getCookie, removeCookie } from '@/lib/cookies'

type Tree = Record<string, unknown>

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as Tree, `${prefix}${key}.`),
  )
}

const english = leaves(await loadLanguageResources('en'))

afterEach(async () => {
  await setLanguage('en')
  removeCookie(LANGUAGE_COOKIE)
  vi.restoreAllMocks()
})

describe('locale files', () => {
  it.each(LANGUAGES.map((language) => language.code))(
    '%s has exactly the English keys, none empty',
    async (code) => {
      const translated = leaves(await loadLanguageResources(code))
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

describe('loading', () => {
  // Read here eagerly, as the app must never do: every family file on disk.
  const families = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' })

  it.each(LANGUAGES.map((language) => language.code))(
    'merges every %s family file found on disk, with no list to keep',
    async (code) => {
      const tree = await loadLanguageResources(code)
      const own = Object.entries(families).filter(([path]) => path.split('/').at(-2) === code)
      expect(own.length).toBeGreaterThan(0)
      for (const [path, family] of own) {
        for (const key of Object.keys(family)) expect(tree, `${path}: ${key}`).toHaveProperty(key)
      }
    },
  )

  it('switches only once the new language’s screen strings are in, so no screen shows a key', async () => {
    await loadScreenStrings()
    const changes: string[] = []
    const record = (code: string) => {
      // What a screen would render at the moment the language changes.
      changes.push(`${code}:${i18n.t('carbon.dashboard.showTable')}`)
    }
    i18n.on('languageChanged', record)
    try {
      await setLanguage('ta')
    } finally {
      i18n.off('languageChanged', record)
    }
    const tamil = (await loadLanguageResources('ta')) as { carbon: { dashboard: { showTable: string } } }
    expect(changes).toEqual([`ta:${tamil.carbon.dashboard.showTable}`])
    expect(tamil.carbon.dashboard.showTable).not.toBe('carbon.dashboard.showTable')
  })

  it('keeps the language when its strings cannot be downloaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await setLanguage('xx' as never)
    expect(i18n.language).toBe('en')
    expect(error).toHaveBeenCalled()
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
    // The expiry is set after the language's strings have loaded: somewhere between these two instants.
    const after = Date.now()

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
    const term = LANGUAGE_COOKIE_DAYS * 86_400_000
    // A cookie's date has whole seconds: the written expiry may be up to a second before the exact one.
    expect(expires).toBeGreaterThan(before + term - 1_000)
    expect(expires).toBeLessThanOrEqual(after + term)
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
