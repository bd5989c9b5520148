import { catalogueOfStrings, defineCatalogue, type ValueOf } from '../catalogue'

/** Phone dial codes offered in forms, in the spec's order (country, code without the plus sign). */
export const DIAL_CODES = [
  { country: 'Singapore', iso: 'SG', code: '65' },
  { country: 'Malaysia', iso: 'MY', code: '60' },
  { country: 'Thailand', iso: 'TH', code: '66' },
  { country: 'China', iso: 'CN', code: '86' },
  { country: 'Hong Kong', iso: 'HK', code: '852' },
  { country: 'Philippines', iso: 'PH', code: '63' },
] as const
export type DialCode = (typeof DIAL_CODES)[number]['code']

export const dialCodes = defineCatalogue(
  'dial code',
  DIAL_CODES.map((d) => [d.code, `${d.country} (+${d.code})`] as const),
)

/** Driver nationalities: the values are the labels. */
export const Nationality = {
  Singaporean: 'Singaporean',
  Malaysian: 'Malaysian',
  Thai: 'Thai',
  Indonesian: 'Indonesian',
} as const
export type Nationality = ValueOf<typeof Nationality>

export const nationalities = catalogueOfStrings('nationality', Object.values(Nationality))

/** Languages of A §1; English is the default and the only complete locale. Codes are BCP 47. */
export const Language = { en: 'en', zh: 'zh', ms: 'ms', ta: 'ta' } as const
export type Language = ValueOf<typeof Language>

export const DEFAULT_LANGUAGE: Language = Language.en

export const languages = defineCatalogue('language', [
  [Language.en, 'English'],
  [Language.zh, 'Chinese'],
  [Language.ms, 'Malay'],
  [Language.ta, 'Tamil'],
])
