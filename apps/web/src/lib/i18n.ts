import { DEFAULT_LANGUAGE, Language, LANGUAGE_COOKIE_DAYS } from '@portal/contract'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getCookie, setCookie } from '@/lib/cookies'
import en from '@/locales/en.json'
import ms from '@/locales/ms.json'
import ta from '@/locales/ta.json'
import zh from '@/locales/zh.json'

export type LanguageCode = Language

/** The languages the portal offers, each labelled in its own script so a reader can find theirs. */
export const LANGUAGES = [
  { code: Language.en, label: 'English' },
  { code: Language.zh, label: '中文' },
  { code: Language.ms, label: 'Bahasa Melayu' },
  { code: Language.ta, label: 'தமிழ்' },
] as const satisfies readonly { code: LanguageCode; label: string }[]

export const LANGUAGE_COOKIE = 'portal_lang'
export const DEFAULT_NAMESPACE = 'common'

type Tree = Record<string, unknown>

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target }
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key]
    out[key] = isTree(existing) && isTree(value) ? merge(existing, value) : value
  }
  return out
}

// Each screen family keeps its strings in its own file, locales/<language>/<family>.json, merged into the one
// `common` namespace, so several people can add screens without editing the same file.
const familyFiles = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' })

function withFamilies(language: LanguageCode, base: Tree): Tree {
  return Object.entries(familyFiles)
    .filter(([path]) => path.split('/').at(-2) === language)
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((acc, [, tree]) => merge(acc, tree), base)
}

export const resources = {
  en: { common: withFamilies(Language.en, en) },
  zh: { common: withFamilies(Language.zh, zh) },
  ms: { common: withFamilies(Language.ms, ms) },
  ta: { common: withFamilies(Language.ta, ta) },
} as const satisfies Record<LanguageCode, { common: unknown }>

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value)
}

/** The language remembered in the cookie, or the default when there is none or it is not one we offer. */
export function savedLanguage(): LanguageCode {
  const saved = getCookie(LANGUAGE_COOKIE)
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE
}

i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code
})

// The resources are bundled, so initialising synchronously lets the first render already be translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: savedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  initAsync: false,
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
})

/** Switches the interface language and remembers it for the next visit. */
export async function setLanguage(code: LanguageCode): Promise<void> {
  setCookie(LANGUAGE_COOKIE, code, { days: LANGUAGE_COOKIE_DAYS })
  await i18n.changeLanguage(code)
}

export { i18n }
