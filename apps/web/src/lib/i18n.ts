import { DEFAULT_LANGUAGE, Language, LANGUAGE_COOKIE_DAYS } from '@portal/contract'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getCookie, setCookie } from '@/lib/cookies'

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

// Only the active language is ever downloaded (docs/decisions/0040-lazy-locales.md). Its core file
// (locales/<language>.json: shell, sign-in, tables, ui) is loaded before the first render; the files of the screen
// families (locales/<language>/<family>.json, one per family so several people can add screens without editing the
// same file) are built into one chunk per language (vite.config.ts) that the shell's route awaits, so a screen
// never shows a raw key. Any file that matches the globs is picked up: there is no list to keep.
// The server's message texts (locales/<language>/messages.json) travel with the core: the sign-in page shows them
// too (a refused or throttled login), and they are small.
const coreFiles = import.meta.glob<Tree>(['../locales/*.json', '../locales/*/messages.json'], {
  import: 'default',
})
const familyFiles = import.meta.glob<Tree>(['../locales/*/*.json', '!../locales/*/messages.json'], {
  import: 'default',
})

const languageOf = (path: string, depth: number) =>
  path
    .split('/')
    .at(depth)
    ?.replace(/\.json$/, '')

async function loadCore(language: LanguageCode): Promise<Tree> {
  const files = Object.entries(coreFiles)
    .filter(
      ([path]) => path === `../locales/${language}.json` || path === `../locales/${language}/messages.json`,
    )
    .sort(([a], [b]) => a.localeCompare(b))
  if (files.length === 0) throw new Error(`No locale file for ${language}`)
  const trees = await Promise.all(files.map(([, load]) => load()))
  return trees.reduce((acc, tree) => merge(acc, tree), {})
}

async function loadFamilies(language: LanguageCode): Promise<Tree> {
  const files = Object.entries(familyFiles)
    .filter(([path]) => languageOf(path, -2) === language)
    .sort(([a], [b]) => a.localeCompare(b))
  const trees = await Promise.all(files.map(([, load]) => load()))
  return trees.reduce((acc, tree) => merge(acc, tree), {})
}

/** Every string of a language, its core file and every family file merged as the app sees them (tests). */
export async function loadLanguageResources(language: LanguageCode): Promise<Tree> {
  const [core, families] = await Promise.all([loadCore(language), loadFamilies(language)])
  return merge(core, families)
}

const coreLoads = new Map<LanguageCode, Promise<void>>()
const familyLoads = new Map<LanguageCode, Promise<void>>()
/** Set once a screen asked for the families: a language switch from then on loads them too. */
let screensStarted = false

function addStrings(language: LanguageCode, tree: Tree) {
  // Deep and overwriting, as the family files were merged over the core file when everything was bundled.
  i18n.addResourceBundle(language, DEFAULT_NAMESPACE, tree, true, true)
}

function ensureCore(language: LanguageCode): Promise<void> {
  let load = coreLoads.get(language)
  if (!load) {
    load = loadCore(language).then((tree) => addStrings(language, tree))
    // A failed download (a network cut) may be retried by the next call.
    load.catch(() => coreLoads.delete(language))
    coreLoads.set(language, load)
  }
  return load
}

function ensureFamilies(language: LanguageCode): Promise<void> {
  let load = familyLoads.get(language)
  if (!load) {
    // The core is added first, so a family file that repeats a core key wins, as in the merged tree.
    load = Promise.all([ensureCore(language), loadFamilies(language)]).then(([, tree]) =>
      addStrings(language, tree),
    )
    load.catch(() => familyLoads.delete(language))
    familyLoads.set(language, load)
  }
  return load
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value)
}

/** The language remembered in the cookie, or the default when there is none or it is not one we offer. */
export function savedLanguage(): LanguageCode {
  const saved = getCookie(LANGUAGE_COOKIE)
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE
}

function activeLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : savedLanguage()
}

i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code
})

const initialLanguage = savedLanguage()

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  // Nothing to fetch at init: the strings are added as their chunks arrive.
  initAsync: false,
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
})

/** Resolves once the saved language's core strings are in: the first render waits for it (main.tsx). */
export const i18nReady: Promise<void> = ensureCore(initialLanguage)

/**
 * Resolves once the active language's screen strings are in. The shell's route awaits it, so every screen renders
 * translated; pages outside the shell (sign-in) need only the core and never download the families.
 */
export function loadScreenStrings(): Promise<void> {
  screensStarted = true
  return ensureFamilies(activeLanguage())
}

/**
 * Switches the interface language and remembers it for the next visit. The new language's strings are downloaded
 * first, so the page never shows keys in between; a failed download leaves the language as it was.
 */
export async function setLanguage(code: LanguageCode): Promise<void> {
  try {
    await (screensStarted ? ensureFamilies(code) : ensureCore(code))
  } catch (err) {
    console.error(`The ${code} strings could not be loaded; the language stays as it was`, err)
    return
  }
  setCookie(LANGUAGE_COOKIE, code, { days: LANGUAGE_COOKIE_DAYS })
  await i18n.changeLanguage(code)
}

export { i18n }
