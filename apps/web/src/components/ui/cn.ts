/** Joins class names, skipping the falsy ones, so conditional classes read as plain expressions. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}
