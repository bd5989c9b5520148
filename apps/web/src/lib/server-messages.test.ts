import { MESSAGE_CODES } from '@portal/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, mainApi } from '@/lib/http'
import { setLanguage } from '@/lib/i18n'
import { serverMessage, translateMessage } from '@/lib/server-messages'
import en from '@/locales/en/messages.json'
import ms from '@/locales/ms/messages.json'
import ta from '@/locales/ta/messages.json'
import zh from '@/locales/zh/messages.json'
import { z } from 'zod'

const files: Record<string, Record<string, string>> = {
  en: en.serverMessages,
  zh: zh.serverMessages,
  ms: ms.serverMessages,
  ta: ta.serverMessages,
}

/** The body the server sends for `limit: 1001` on a list call (apps/server/src/plugins/errors.test.ts). */
const tooBig = {
  error: {
    code: 'BAD_REQUEST',
    message: 'body.limit: Too big: expected number to be <=1000',
    issues: [
      {
        path: 'body.limit',
        message: 'Too big: expected number to be <=1000',
        message_code: 'too_big',
        params: { maximum: 1000 },
      },
    ],
  },
}

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
}

async function failure(status: number, body: unknown): Promise<unknown> {
  answer(status, body)
  return mainApi.post('/iot/machines/filter', { limit: 1001 }, z.unknown()).then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: unknown) => error,
  )
}

beforeEach(async () => {
  await setLanguage('en')
})
afterEach(async () => {
  vi.restoreAllMocks()
  await setLanguage('en')
})

describe('the message catalogue’s translations (docs/decisions/0050)', () => {
  it.each(Object.keys(files))('%s says every code of the contract, and no other', (language) => {
    const file = files[language] ?? {}
    const missing = MESSAGE_CODES.filter((code) => (file[code] ?? '').trim() === '')
    expect(missing).toEqual([])
    const stale = Object.keys(file).filter((code) => !(MESSAGE_CODES as readonly string[]).includes(code))
    expect(stale).toEqual([])
  })

  it('keeps every parameter of the English in each translation it names', () => {
    // A translation may leave a parameter out (a noun in English), but never invents one the code has not.
    for (const code of MESSAGE_CODES) {
      const english = new Set((files.en?.[code] ?? '').match(/{{\w+}}/g) ?? [])
      for (const language of ['zh', 'ms', 'ta'])
        for (const name of files[language]?.[code]?.match(/{{\w+}}/g) ?? [])
          expect(english.has(name), `${language} ${code} ${name}`).toBe(true)
    }
  })
})

describe('serverMessage', () => {
  it('renders a 400 in Chinese from its codes and parameters', async () => {
    const error = await failure(400, tooBig)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).issues[0]).toMatchObject({
      message_code: 'too_big',
      params: { maximum: 1000 },
    })
    await setLanguage('zh')
    expect(serverMessage(error)).toBe('body.limit: 不能大于 1000')
    await setLanguage('ms')
    expect(serverMessage(error)).toBe('body.limit: Mestilah tidak lebih daripada 1000')
  })

  it('keeps the server’s own English in English', async () => {
    expect(serverMessage(await failure(400, tooBig))).toBe(
      'body.limit: Too big: expected number to be <=1000',
    )
  })

  it('translates an error coded as a whole, and lists values', async () => {
    const gone = await failure(404, {
      error: {
        code: 'NOT_FOUND',
        message: 'Machine not found',
        message_code: 'not_found',
        params: { what: 'Machine' },
      },
    })
    await setLanguage('zh')
    expect(serverMessage(gone)).toBe('找不到该记录')
    expect(translateMessage('Invalid option', 'invalid_value', { values: ['asc', 'desc'] })).toBe(
      '请从以下选项中选择：asc, desc',
    )
  })

  it('falls back to the English text for a message without a code or with a code it does not know', async () => {
    const bespoke = await failure(409, {
      error: { code: 'CONFLICT', message: 'Only drafts can be published' },
    })
    const newer = await failure(400, {
      error: {
        code: 'BAD_REQUEST',
        message: 'body.x: Something new',
        issues: [
          { path: 'body.x', message: 'Something new', message_code: 'from_a_newer_server', params: {} },
        ],
      },
    })
    await setLanguage('ta')
    expect(serverMessage(bespoke)).toBe('Only drafts can be published')
    expect(serverMessage(newer)).toBe('body.x: Something new')
  })

  it('translates what the client itself says when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await mainApi.get('/entity', z.unknown()).catch((e: unknown) => e)
    await setLanguage('zh')
    expect(serverMessage(error)).toBe('无法连接服务器，请检查网络连接后重试')
  })

  it('says any other failure by its own message', () => {
    expect(serverMessage(new Error('boom'))).toBe('boom')
    expect(serverMessage(null)).toBe('')
  })
})
