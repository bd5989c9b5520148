import { INITIALS_LETTERS } from './constants'

/**
 * The first letters of up to two words of a name, upper case (the default image of A §2). Words that do not start
 * with a letter or digit ('&', '-', '(SG)') are skipped, so "Kopi & Snacks" gives "KS", not "K&".
 */
export function initials(name: string | null | undefined): string {
  if (!name) return ''
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, INITIALS_LETTERS)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('')
}
