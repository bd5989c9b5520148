import type { ErrorIssue, MessageParams, MessageParamValue } from '@portal/contract'
import { ApiError } from '@/lib/http'
import { DEFAULT_NAMESPACE, i18n } from '@/lib/i18n'

const ENGLISH = 'en'
// `i18n.language`, not `resolvedLanguage`: the strings arrive after i18next starts (lib/i18n.ts), and
// `resolvedLanguage` stays on the fallback language when the saved language had no strings at start.

function paramText(value: MessageParamValue | undefined): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(', ')
  return String(value)
}

/**
 * One message of the server in the current language (docs/decisions/0050): the translation of its code with its
 * parameters, or the server's English text when the reader reads English (the server's text is the more specific),
 * when the message has no code, or when this portal does not know the code (a newer server).
 */
export function translateMessage(message: string, code?: string | null, params: MessageParams = {}): string {
  const language = i18n.language
  if (!code || language === ENGLISH) return message
  const template: unknown = i18n.getResource(language, DEFAULT_NAMESPACE, `serverMessages.${code}`)
  if (typeof template !== 'string') return message
  const values = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, paramText(value)]))
  return i18n.t(`serverMessages.${code}`, { ...values, lng: language })
}

/** A field issue's message alone, as a form shows it beside its field. */
export function issueMessage(issue: ErrorIssue): string {
  return translateMessage(issue.message, issue.message_code, issue.params)
}

/**
 * What a failed call says, in the current language, for a table, a toast ("… due to: <message>") or a form. A 400
 * reads as the server writes it, `path: message` per field, each message translated; an error coded as a whole is
 * translated; anything else keeps its own message.
 */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const language = i18n.language
    if (language === ENGLISH) return error.message
    if (error.issues.length > 0)
      return error.issues.map((issue) => `${issue.path}: ${issueMessage(issue)}`).join('; ')
    return translateMessage(error.message, error.messageCode, error.params)
  }
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : ''
}
